// The stores service killed with SIGKILL in the middle of a Squarespace sync. The built service runs as
// a child process (`npm run build -w services/stores` first), next to billing and the real search
// service in-process and the Squarespace stand-in: while stores is down the widget keeps answering
// from the previous index; once it is back, pg-boss hands the abandoned job back after
// INGEST_EXPIRE_SECONDS and the retried sync finishes with every product exactly once.
import {
  asOwner,
  createTestDatabase,
  freePorts,
  startNodeProcess,
  startTestService,
  testConfig,
  type RunningProcess,
  TestService,
  TEST_INTERNAL_TOKEN,
} from '@sniff/service-kit/testing';
import { searchResponseSchema } from '@sniff/contracts';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import PgBoss from 'pg-boss';
import { SearchAppModule } from '../../search/src/app.module';
import { SYNC_QUEUE } from './sync/sync.constants';
import { startPlansBilling } from './testing/services';
import { TEST_SECRETS_KEY } from './testing/config';
import { startSquarespace, type Provider } from './testing/providers';

/** The built service, as `npm start` runs it. */
const STORES_MAIN = join(__dirname, '..', 'dist', 'main.js');
const OWNER = 'crash-owner';
const STORE_KEY = 'sqsp_demo_store_key';
const PRODUCTS = '/1.1/commerce/products';
/** Named so that no fixture product shares a word with it. */
const NEW_PRODUCT = 'Speckled Quokka Teapot';
const EXPIRE_SECONDS = 3;

jest.setTimeout(60_000);

async function waitFor<T>(probe: () => Promise<T | undefined | false>, what: string, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface ListedStore {
  id: string;
  status: string;
  status_reason: string | null;
  pages: number;
  skipped_count: number;
  progress: { done: number; total: number | null } | null;
  last_synced_at: string | null;
}

describe('stores killed with SIGKILL during a sync', () => {
  let db: { url: string; drop(): Promise<void> };
  let sql: Client;
  let boss: PgBoss | undefined;
  let billing: TestService;
  let search: TestService;
  let squarespace: Provider;
  let stores: RunningProcess | undefined;
  let startStores: () => Promise<RunningProcess>;
  let storesUrl: string;

  beforeAll(async () => {
    if (!existsSync(STORES_MAIN))
      throw new Error(`${STORES_MAIN} is missing: run npm run build -w services/stores first`);
    db = await createTestDatabase();
    sql = new Client({ connectionString: db.url });
    await sql.connect();
    squarespace = await startSquarespace({ cooldownSeconds: 1 });
    // Each service names the others it calls, so their ports are chosen first.
    const [billingPort, storesPort, searchPort] = await freePorts(3);
    const at = (port: number) => `http://127.0.0.1:${port}`;
    storesUrl = at(storesPort!);
    billing = await startPlansBilling(db.url, [`${OWNER}:squarespace_basic_monthly`], billingPort);
    const searchConfig = { ...testConfig(db.url), STORES_URL: storesUrl, BILLING_URL: at(billingPort!) };
    search = await startTestService(SearchAppModule.forRoot(searchConfig), searchConfig, searchPort);
    const env = {
      PORT: String(storesPort),
      HOST: '127.0.0.1',
      DATABASE_URL: db.url,
      INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
      SECRETS_KEY: TEST_SECRETS_KEY,
      BILLING_URL: at(billingPort!),
      SEARCH_URL: at(searchPort!),
      ANALYTICS_URL: 'http://127.0.0.1:9',
      SQUARESPACE_API_URL: squarespace.url,
      FETCH_ALLOW_ORIGINS: squarespace.url,
      INGEST_EXPIRE_SECONDS: String(EXPIRE_SECONDS),
      INGEST_RETRY_DELAY_SECONDS: '1',
      // The hanging products page is still pending when the process is killed.
      FETCH_TIMEOUT_MS: '30000',
      SYNC_NOW_INTERVAL_SECONDS: '0',
      // No scheduled look for stale stores within the test: what brings the sync back is the job's expiry.
      SYNC_SCHEDULE_CRON: '0 0 1 1 *',
      // "log": the ready line (listening on ...) is logged at that level.
      LOG_LEVEL: 'log',
    };
    startStores = () => startNodeProcess([STORES_MAIN], env, 'listening on http://');
    stores = await startStores();
  }, 60_000);

  afterAll(async () => {
    const steps: [string, (() => Promise<unknown>) | undefined][] = [
      ['stores', stores && (() => stores!.kill('SIGKILL'))],
      ['pg-boss', boss && (() => boss!.stop({ graceful: false, wait: true }))],
      ['search', search && (() => search.close())],
      ['billing', billing && (() => billing.close())],
      ['squarespace', squarespace && (() => squarespace.stop())],
      ['sql', sql && (() => sql.end())],
      ['database', db && (() => db.drop())],
    ];
    for (const [what, step] of steps) {
      try {
        await step?.();
      } catch (err) {
        console.error(`closing ${what}: ${(err as Error).message}`);
      }
    }
  });

  const post = (path: string, body: object) =>
    fetch(`${storesUrl}${path}`, {
      method: 'POST',
      headers: asOwner(OWNER),
      body: JSON.stringify({ email: `${OWNER}@example.com`, ...body }),
    });
  const storeOf = async (id: string) => {
    const res = await post('/managestores/list-stores', {});
    expect(res.status).toBe(200);
    return ((await res.json()) as ListedStore[]).find((s) => s.id === id)!;
  };
  const row = async (id: string) =>
    (
      await sql.query(
        `SELECT status, job_id, progress_done, progress_total, pages_indexed FROM stores.stores WHERE id = $1`,
        [id],
      )
    ).rows[0] as {
      status: string;
      job_id: string;
      progress_done: number | null;
      progress_total: number | null;
      pages_indexed: number;
    };
  /** What a visitor's widget gets (through the gateway this is /v1/stores/{id}/search). */
  const searchFor = async (id: string, q: string) => {
    const res = await fetch(`${search.url}/v1/stores/${id}/search?${new URLSearchParams({ q, limit: '50' })}`);
    expect(res.status).toBe(200);
    return searchResponseSchema.parse(await res.json());
  };
  const titles = (answer: { hits: { title: string }[] }) => answer.hits.map((h) => h.title);
  /**
   * The search service's documents of the store: rows, distinct ids, distinct pages; and its index's
   * count. Its table keeps one row per (store, doc_id) and its index one document per id, so a
   * duplicate would be a product under a second id: more rows than pages, or an id Squarespace lacks.
   */
  const documents = async (id: string) => {
    const { rows } = await sql.query(
      `SELECT count(*)::int AS rows, count(DISTINCT doc_id)::int AS ids, count(DISTINCT url)::int AS urls,
         (SELECT doc_count FROM search.index_snapshots WHERE store_id = $1) AS indexed
       FROM search.documents WHERE store_id = $1`,
      [id],
    );
    return rows[0] as { rows: number; ids: number; urls: number; indexed: number };
  };
  const docIds = async (id: string) =>
    (await sql.query(`SELECT doc_id FROM search.documents WHERE store_id = $1 ORDER BY doc_id`, [id])).rows.map(
      (r: { doc_id: string }) => r.doc_id,
    );
  /** The visible products Squarespace has now, read page by page as Sniff reads them, as document ids. */
  const visibleProductIds = async () => {
    const ids: string[] = [];
    let path: string | null = `${PRODUCTS}?type=PHYSICAL,DIGITAL`;
    while (path) {
      const res: Response = await fetch(`${squarespace.url}${path}`, {
        headers: { authorization: `Bearer ${STORE_KEY}`, 'user-agent': 'sniff-test' },
      });
      expect(res.status).toBe(200);
      const page = (await res.json()) as {
        products: { id: string; isVisible: boolean }[];
        pagination: { hasNextPage: boolean; nextPageCursor?: string };
      };
      ids.push(...page.products.filter((p) => p.isVisible).map((p) => `sqsp-${p.id}`));
      path = page.pagination.hasNextPage ? `${PRODUCTS}?cursor=${page.pagination.nextPageCursor}` : null;
    }
    return ids.sort();
  };

  it('retries the killed sync after a restart to exactly one document per product; search answers meanwhile', async () => {
    // A Squarespace store, indexed once.
    const created = await post('/square/create-store', {
      store_name: 'Demo Goods',
      store_url: `${squarespace.url}/sites/sniff-demo-goods`,
      platform: 'squarespace',
      store_type: 'ecommerce',
      developer_api_key: STORE_KEY,
    });
    expect(created.status).toBe(200);
    const { store_id: id } = (await created.json()) as { store_id: string };
    const first = await waitFor(async () => {
      const s = await storeOf(id);
      return (s.status === 'done' || s.status === 'failed') && s;
    }, 'the first sync');
    expect(first).toMatchObject({ status: 'done', pages: 312, skipped_count: 8, progress: null });
    expect(await documents(id)).toEqual({ rows: 312, ids: 312, urls: 312, indexed: 312 });
    const before = await searchFor(id, 'walnut');
    expect(titles(before)).toContain('Walnut Cutting Board');
    expect(titles(await searchFor(id, 'quokka teapot'))).not.toContain(NEW_PRODUCT);

    // A product added at Squarespace (the newest, so on the last page); the next sync is answered two
    // products pages and then hangs on the third, with FETCH_TIMEOUT_MS far off.
    await squarespace.admin('POST', '/sites/sniff-demo-goods/products', { name: NEW_PRODUCT, price: 48 });
    await squarespace.admin('DELETE', '/requests');
    await squarespace.admin('POST', '/faults', { kind: 'timeout', path: PRODUCTS, after: 2 });
    const pressed = await post('/managestores/sync-store', { store_id: id });
    expect(pressed.status).toBe(202);
    await waitFor(
      async () => !(await squarespace.admin<{ faults: unknown[] }>('GET', '/faults')).faults.length,
      'the sync to ask for the third products page',
    );
    expect((await squarespace.requests())[PRODUCTS]).toBe(3);
    // While it waits on the third page, the store shows the two pages read (progress is written every 500 ms).
    const during = await waitFor(async () => {
      const r = await row(id);
      return r.progress_done === 100 && r;
    }, 'the progress of the first two pages');
    expect(during).toMatchObject({ status: 'running', pages_indexed: 312 });
    const jobId = during.job_id;
    expect(jobId).toEqual(expect.any(String));

    const firstRun = stores!.output();
    await stores!.kill('SIGKILL');

    // Stores is down: the widget answers from the previous index, without the new product.
    expect((await searchFor(id, 'walnut')).hits).toEqual(before.hits);
    expect(titles(await searchFor(id, 'quokka teapot'))).not.toContain(NEW_PRODUCT);
    expect(await documents(id)).toEqual({ rows: 312, ids: 312, urls: 312, indexed: 312 });
    expect((await row(id)).status).toBe('running');

    // Back up, nothing in the way at Squarespace; queue maintenance is hurried until the job's time is
    // up and it is handed back.
    await squarespace.admin('DELETE', '/faults');
    stores = await startStores();
    boss = new PgBoss({ connectionString: db.url, schema: 'pgboss', supervise: false, schedule: false });
    boss.on('error', (err) => console.warn(`pg-boss (test client): ${err.message}`));
    await boss.start();
    const done = await waitFor(
      async () => {
        await boss!.maintain();
        const s = await storeOf(id);
        return s.status !== 'running' && s.status !== 'queued' && s;
      },
      'the killed sync to be retried',
      (EXPIRE_SECONDS + 15) * 1000,
    ).catch((err: Error) => {
      throw new Error(`${err.message}; the restarted service said:\n${stores!.output().slice(-4000)}`);
    });
    expect(done).toMatchObject({ status: 'done', pages: 313, skipped_count: 8, progress: null });
    expect(done.status_reason).toBe('8 of 321 items skipped: Hidden on the site, so not searchable');
    expect(Date.parse(done.last_synced_at!)).toBeGreaterThan(Date.parse(first.last_synced_at!));
    expect(await row(id)).toMatchObject({ progress_done: null, progress_total: null, pages_indexed: 313 });
    // It was the killed job itself that ran again, handed back once its time was up.
    const job = await boss.getJobById(SYNC_QUEUE, jobId);
    expect(job).toMatchObject({ state: 'completed' });
    expect(job!.retryCount).toBeGreaterThanOrEqual(1);

    // Every visible product exactly once, in the documents and in the index searches use.
    expect(await documents(id)).toEqual({ rows: 313, ids: 313, urls: 313, indexed: 313 });
    expect(await docIds(id)).toEqual(await visibleProductIds());
    const found = await searchFor(id, 'quokka teapot');
    expect(titles(found).filter((t) => t === NEW_PRODUCT)).toHaveLength(1);
    expect(titles(found)[0]).toBe(NEW_PRODUCT);
    expect(titles(await searchFor(id, 'walnut'))).toEqual(titles(before));
    // The developer key went through the service (the first run checked it) and into its database, never its log.
    for (const output of [firstRun, stores!.output()]) {
      expect(output).toContain('listening on http://');
      expect(output).not.toContain(STORE_KEY);
    }
  });
});
