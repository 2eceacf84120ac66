import { IndexDocument, SearchResponse } from '@sniff/contracts';
import { asInternal, createTestDatabase, TEST_INTERNAL_TOKEN } from '@sniff/service-kit/testing';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { SITE_DOCUMENTS } from './engine/fixtures';
import { WORKER_V8_THREADS } from './workers';

/** The built service, as `npm start` runs it (npm test builds before it tests). */
const MAIN = join(__dirname, '..', 'dist', 'main.js');

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** GET on a new connection each time, so the requests spread over the workers. */
function getFresh(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (
    const end = Date.now() + 20_000;
    !(await Promise.resolve()
      .then(check)
      .catch(() => false));
  ) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A port whose next one is free too: the two workers' own ports. */
async function freePair(): Promise<number> {
  for (;;) {
    const port = await freePort();
    const next = await new Promise<boolean>((resolve) => {
      const probe = createServer()
        .once('error', () => resolve(false))
        .listen(port + 1, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (next) return port;
  }
}

const workerPids = (primary: number) =>
  execFileSync('ps', ['-o', 'pid=', '--ppid', String(primary)], { encoding: 'utf8' })
    .split('\n')
    .map((l) => Number(l.trim()))
    .filter((pid) => pid > 0);

describe('search workers (SEARCH_WORKERS=2)', () => {
  let db: { url: string; drop(): Promise<void> };
  let service: ChildProcess;
  let base: string;
  /** Each worker's own address (SEARCH_WORKER_PORT + its number). */
  let own: string[];
  let output = '';

  const put = (storeId: string, documents: IndexDocument[]) =>
    fetch(`${base}/internal/stores/${storeId}/documents`, {
      method: 'PUT',
      headers: asInternal(),
      body: JSON.stringify({ documents }),
    });
  const ids = async (at: string, storeId: string, q: string) => {
    const res = await getFresh(`${at}/v1/stores/${storeId}/search?q=${encodeURIComponent(q)}`);
    return res.status === 200 ? (JSON.parse(res.body) as SearchResponse).hits.map((h) => h.id) : res.status;
  };
  /** The hit ids of `q` from each worker, asked on its own port. */
  const everyWorker = (storeId: string, q: string) => Promise.all(own.map((at) => ids(at, storeId, q)));
  const held = async (at: string) =>
    (await (await fetch(`${at}/internal/index-cache`, { headers: asInternal() })).json()) as {
      stores: string[];
      hits: number;
      misses: number;
    };

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run npm run build first`);
    db = await createTestDatabase();
    const port = await freePort();
    const workerPort = await freePair();
    base = `http://127.0.0.1:${port}`;
    own = [0, 1].map((i) => `http://127.0.0.1:${workerPort + i}`);
    service = spawn(process.execPath, [MAIN], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: db.url,
        INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
        LOG_LEVEL: 'log',
        SEARCH_WORKERS: '2',
        SEARCH_WORKER_PORT: String(workerPort),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    service.stdout?.on('data', (c: Buffer) => (output += c.toString()));
    service.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    await until(() => output.includes('2 search workers serving'), `two workers (output: ${output})`);
  }, 60_000);

  afterAll(async () => {
    if (service?.exitCode === null) {
      service.kill('SIGKILL');
      await new Promise((r) => service.once('exit', r));
    }
    await db?.drop();
  });

  it("answers on each worker's own port, where a worker holds only the stores searched there", async () => {
    expect((await put('store-a', SITE_DOCUMENTS)).status).toBe(200);
    expect((await put('store-b', SITE_DOCUMENTS)).status).toBe(200);
    expect(await ids(own[0]!, 'store-a', 'pricing')).toContain('pricing');
    expect(await ids(own[1]!, 'store-b', 'pricing')).toContain('pricing');
    // A first search may race the store's own notice (its load then is not kept): search until held.
    const keeps = (at: string, storeId: string) => async () =>
      Array.isArray(await ids(at, storeId, 'pricing')) && (await held(at)).stores.includes(storeId);
    await until(keeps(own[0]!, 'store-a'), 'worker 0 keeping store-a');
    await until(keeps(own[1]!, 'store-b'), 'worker 1 keeping store-b');
    const [first, second] = await Promise.all(own.map(held));
    expect(first!.stores).toContain('store-a');
    expect(first!.stores).not.toContain('store-b');
    expect(second!.stores).toContain('store-b');
    expect(second!.stores).not.toContain('store-a');
  });

  it("answers a scrape of the shared port with the replica's totals", async () => {
    for (let i = 0; i < 3; i++) await ids(own[0]!, 'store-a', 'pricing');
    await ids(own[1]!, 'store-b', 'pricing');
    const workers = await Promise.all(own.map(held));
    const lookups = workers.reduce((sum, w) => sum + w.hits + w.misses, 0);
    const text = (await getFresh(`${base}/metrics`)).body;
    const total = [...text.matchAll(/^sniff_index_cache_lookups_total\{[^}]*\} (\d+)$/gm)].reduce(
      (sum, m) => sum + Number(m[1]),
      0,
    );
    // Neither worker alone has them all: the scrape added both up.
    expect(Math.max(...workers.map((w) => w.hits + w.misses))).toBeLessThan(lookups);
    expect(total).toBe(lookups);
  });

  it('shows every worker a re-index and a deletion made through another', async () => {
    expect((await put('store-w', SITE_DOCUMENTS)).status).toBe(200);
    // Both workers load the first index and keep it.
    for (const found of await everyWorker('store-w', 'pricing')) expect(found).toContain('pricing');
    const added = { ...SITE_DOCUMENTS[0], id: 'gift-cards', title: 'Gift cards', url: 'https://shop.example/gift' };
    expect((await put('store-w', [...SITE_DOCUMENTS, added])).status).toBe(200);
    await until(
      async () =>
        (await everyWorker('store-w', 'gift cards')).every((f) => Array.isArray(f) && f.includes('gift-cards')),
      'the re-index on both workers',
    );

    const removed = await fetch(`${base}/internal/stores/store-w`, { method: 'DELETE', headers: asInternal() });
    expect(removed.status).toBe(200);
    await until(async () => (await everyWorker('store-w', 'pricing')).every((f) => f === 404), 'the deletion');
  });

  /** The options a worker process was started with (its command line). */
  const argsOf = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');

  it('runs each worker with one V8 background thread, so the workers do not preempt each other mid-search', () => {
    const workers = workerPids(service.pid!);
    expect(workers).toHaveLength(2);
    for (const pid of workers) expect(argsOf(pid)).toContain(`--v8-pool-size=${WORKER_V8_THREADS}`);
    expect(argsOf(service.pid!)).not.toContain(`--v8-pool-size=${WORKER_V8_THREADS}`);
  });

  it('starts another worker when one dies, and stops them all on SIGTERM', async () => {
    expect((await put('store-r', SITE_DOCUMENTS)).status).toBe(200);
    const before = workerPids(service.pid!);
    expect(before).toHaveLength(2);
    process.kill(before[0], 'SIGKILL');
    await until(() => {
      const now = workerPids(service.pid!);
      return now.length === 2 && !now.includes(before[0]);
    }, 'a new worker');
    const [restarted] = workerPids(service.pid!).filter((pid) => pid !== before[1]);
    expect(argsOf(restarted!)).toContain(`--v8-pool-size=${WORKER_V8_THREADS}`);
    // The new worker took the same number, so its own port answers again.
    await until(async () => (await everyWorker('store-r', 'pricing')).every((f) => Array.isArray(f)), 'answers');

    const workers = workerPids(service.pid!);
    service.kill('SIGTERM');
    const code = await new Promise((r) => service.once('exit', (c) => r(c)));
    expect(code).toBe(0);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  });
});
