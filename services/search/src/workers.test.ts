import { IndexDocument, SearchResponse } from '@sniff/contracts';
import { asInternal, createTestDatabase, TEST_INTERNAL_TOKEN } from '@sniff/service-kit/testing';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { SITE_DOCUMENTS } from './engine/fixtures';

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

const workerPids = (primary: number) =>
  execFileSync('ps', ['-o', 'pid=', '--ppid', String(primary)], { encoding: 'utf8' })
    .split('\n')
    .map((l) => Number(l.trim()))
    .filter((pid) => pid > 0);

describe('search workers (SEARCH_WORKERS=2)', () => {
  let db: { url: string; drop(): Promise<void> };
  let service: ChildProcess;
  let base: string;
  let output = '';

  const put = (storeId: string, documents: IndexDocument[]) =>
    fetch(`${base}/internal/stores/${storeId}/documents`, {
      method: 'PUT',
      headers: asInternal(),
      body: JSON.stringify({ documents }),
    });
  /** The hit ids of `q` from `times` searches on new connections (both workers answer some). */
  const everyWorker = async (storeId: string, q: string, times = 8) => {
    const answers = [];
    for (let i = 0; i < times; i++) {
      const res = await getFresh(`${base}/v1/stores/${storeId}/search?q=${encodeURIComponent(q)}`);
      answers.push(res.status === 200 ? (JSON.parse(res.body) as SearchResponse).hits.map((h) => h.id) : res.status);
    }
    return answers;
  };

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run npm run build first`);
    db = await createTestDatabase();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    service = spawn(process.execPath, [MAIN], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: db.url,
        INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
        LOG_LEVEL: 'log',
        SEARCH_WORKERS: '2',
        // Far beyond the test: a worker sees another's change only because it was told.
        SEARCH_REVALIDATE_MS: '600000',
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

  it('shows every worker a re-index and a deletion at once', async () => {
    expect((await put('store-w', SITE_DOCUMENTS)).status).toBe(200);
    // Both workers load the first index and keep it.
    for (const ids of await everyWorker('store-w', 'pricing')) expect(ids).toContain('pricing');
    const added = { ...SITE_DOCUMENTS[0], id: 'gift-cards', title: 'Gift cards', url: 'https://shop.example/gift' };
    expect((await put('store-w', [...SITE_DOCUMENTS, added])).status).toBe(200);
    for (const ids of await everyWorker('store-w', 'gift cards')) expect(ids).toContain('gift-cards');

    const removed = await fetch(`${base}/internal/stores/store-w`, { method: 'DELETE', headers: asInternal() });
    expect(removed.status).toBe(200);
    expect(await everyWorker('store-w', 'pricing')).toEqual(Array(8).fill(404));
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
    await until(async () => (await everyWorker('store-r', 'pricing', 4)).every((ids) => Array.isArray(ids)), 'answers');

    const workers = workerPids(service.pid!);
    service.kill('SIGTERM');
    const code = await new Promise((r) => service.once('exit', (c) => r(c)));
    expect(code).toBe(0);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  });
});
