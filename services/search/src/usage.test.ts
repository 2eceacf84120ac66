import { strictObject } from 'zod/mini';
import { Client } from 'pg';
import {
  ownerDeletionCountsSchema,
  ownerUsageExportSchema,
  searchResponseSchema,
  usageResponseSchema,
  WIDGET_SIZES,
} from '@sniff/contracts';
import {
  asOwner,
  asInternal,
  createTestDatabase,
  freePorts,
  startTestService,
  testConfig,
  TestService,
} from '@sniff/service-kit/testing';
import { AppModule as BillingModule } from '../../billing/src/app.module';
import { plansOnlyBillingConfig } from '../../billing/src/plans-only-config';
import { AppModule as StoresModule } from '../../stores/src/app.module';

import { storesTestConfig } from '../../stores/src/testing/config';
import { SearchAppModule } from './app.module';
import type { SearchConfig } from './config';
import { SITE_DOCUMENTS } from './engine/fixtures';
import { UsageService } from './usage/usage.service';
import { UsageCounter } from './usage/usage-counter';
import { NOT_ALLOWED_MESSAGE } from './search/query.service';

async function eventually<T>(probe: () => Promise<T | undefined | false>, what: string, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Monthly search quotas (spec section 9): billing, stores and search run for real on one
 * database; the month is the test's own clock, so crossing into the next one takes no waiting.
 */
describe('monthly search usage and quotas', () => {
  const FREE = 'free-owner'; // 500 searches a month, two stores
  const SHOP = 'shop-owner'; // Shopify Starter: 1,000
  const FREE_A = 'st_usagefree0000000000a';
  const FREE_B = 'st_usagefree0000000000b';
  const SHOP_A = 'st_usageshop0000000000a';
  const CAP = 'capped-owner'; // free, and the target of a third party's searches
  const CAP_A = 'st_usagecap00000000000a';
  /** The session of the tests' own looks at a store's answers (see searchFor). */
  const LOOK = 'tests-look';
  let now = new Date('2026-05-31T23:00:00Z');
  const clock = () => now;
  let db: { url: string; drop(): Promise<void> };
  let sql: Client;
  let billing: TestService;
  let stores: TestService;
  let search: TestService;
  let searchConfig: ReturnType<typeof testConfig> & Partial<SearchConfig>;
  let visitor = 0;

  /** One search request as a widget or any other caller sends it; what came back, headers included. */
  const ask = async (
    storeId: string,
    q: string,
    o: { address?: string; session?: string; base?: string; origin?: string; status?: number } = {},
  ) => {
    const params = new URLSearchParams({ q });
    if (o.session) params.set('session', o.session);
    const res = await fetch(`${o.base ?? search.url}/v1/stores/${storeId}/search?${params}`, {
      headers: { 'x-forwarded-for': o.address ?? '198.51.100.1', ...(o.origin ? { origin: o.origin } : {}) },
    });
    expect(res.status).toBe(o.status ?? 200);
    if (res.status !== 200) return { body: (await res.json()) as never };
    return { body: searchResponseSchema.parse(await res.json()) };
  };
  /** A look at a store's answers that counts nothing: a keystroke of a query already counted (LOOK). */
  const searchFor = async (storeId: string, q: string, base = search.url) =>
    (await ask(storeId, q, { base, session: LOOK, address: '192.0.2.250' })).body;
  const postEvent = async (storeId: string, body: object, address: string, base = search.url) => {
    const res = await fetch(`${base}/v1/stores/${storeId}/events`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-forwarded-for': address },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(202);
    return res.json();
  };
  /**
   * A visitor typing `q` into the widget, as it does: every keystroke names the query being typed
   * (its session). Each visitor comes from a network of their own.
   */
  const visitorSearch = async (storeId: string, q: string, base = search.url) => {
    const address = `10.0.${++visitor}.1`;
    const session = `typed-${visitor}`;
    let answer;
    for (let i = 1; i <= q.length; i++) answer = (await ask(storeId, q.slice(0, i), { address, session, base })).body;
    return { answer: answer!, address };
  };
  const usageOf = async (owner: string, base = search.url) => {
    const res = await fetch(`${base}/usage`, {
      method: 'POST',
      headers: asOwner(owner),
      body: JSON.stringify({ email: `${owner}@example.com` }),
    });
    expect(res.status).toBe(200);
    return usageResponseSchema.parse(await res.json());
  };
  /** What the database holds for the owner this month (what every worker has flushed). */
  const saved = async (owner: string) =>
    ((
      await sql.query(`SELECT "count" FROM search.usage WHERE owner_sub = $1 AND period_start = $2`, [
        owner,
        new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
      ])
    ).rows[0]?.count as number | undefined) ?? 0;
  /** Every count the worker took so far, in the database (a flush in progress is waited for). */
  const flushed = (worker: TestService) => worker.app.get(UsageCounter).flush();
  const startSearch = (config: typeof searchConfig, port = 0) =>
    startTestService(SearchAppModule.forRoot(config, { clock }), config, port);

  beforeAll(async () => {
    db = await createTestDatabase();
    sql = new Client({ connectionString: db.url });
    await sql.connect();
    const [billingPort, storesPort, searchPort] = await freePorts(3);
    const at = (port: number) => `http://127.0.0.1:${port}`;
    const billingConfig = plansOnlyBillingConfig(testConfig(db.url), `${SHOP}:starter`);
    billing = await startTestService(BillingModule.forRoot(billingConfig), billingConfig, billingPort);
    const storesConfig = storesTestConfig(testConfig(db.url), {
      BILLING_URL: at(billingPort!),
      SEARCH_URL: at(searchPort!),
      ANALYTICS_URL: 'http://127.0.0.1:9',
      FETCH_ALLOW_ORIGINS: [],
      INGEST_EXPIRE_SECONDS: 60,
      INGEST_RETRY_DELAY_SECONDS: 1,
      SETTINGS_RETRY_DELAY_SECONDS: 1,
    });
    stores = await startTestService(StoresModule.forRoot(storesConfig), storesConfig, storesPort);
    searchConfig = {
      ...testConfig(db.url),
      STORES_URL: at(storesPort!),
      BILLING_URL: at(billingPort!),
      SEARCH_USAGE_FLUSH_MS: 50,
      // Nothing listens there: a quota notice is queued (what these tests look at), never mailed.
      FEEDBACK_URL: 'http://127.0.0.1:9',
    };
    search = await startSearch(searchConfig, searchPort);
    for (const [id, owner] of [
      [FREE_A, FREE],
      [FREE_B, FREE],
      [SHOP_A, SHOP],
      [CAP_A, CAP],
    ] as const) {
      await sql.query(
        `INSERT INTO stores.stores (id, owner_sub, name, url, platform, store_type, status, page_urls)
         VALUES ($1, $2, 'Shop', 'https://shop.example', 'custom', 'business', 'done', '{https://shop.example}')`,
        [id, owner],
      );
      const res = await fetch(`${search.url}/internal/stores/${id}/documents`, {
        method: 'PUT',
        headers: asInternal(),
        body: JSON.stringify({ documents: SITE_DOCUMENTS }),
      });
      expect(res.status).toBe(200);
      // The tests' own looks are keystrokes of a query counted long ago (it started in 2100: never renewed).
      await sql.query(
        `INSERT INTO search.quota_sessions (owner_sub, session, started_at) VALUES ($1, $2, '2100-01-01')
         ON CONFLICT DO NOTHING`,
        [owner, LOOK],
      );
    }
  });
  afterAll(async () => {
    for (const s of [search, stores, billing]) await s?.close();
    await sql?.end();
    await db?.drop();
  });

  it('counts each query a visitor types once, where it is answered: not mounts, keystrokes or reports', async () => {
    // A widget mounting: answered, not counted.
    await ask(FREE_A, '');
    const { answer, address } = await visitorSearch(FREE_A, 'pricing'); // 7 keystrokes, one search
    await visitorSearch(FREE_B, 'shipping'); // the owner's other store
    // The widget's reports are for analytics only: a settled search's event adds nothing.
    expect(await postEvent(FREE_A, { type: 'search', query: 'pricing', searchId: answer.searchId }, address)).toEqual({
      accepted: true,
    });
    // Counted in memory, in the database within a flush.
    await eventually(async () => (await saved(FREE)) === 2, 'two searches saved');
    expect(await usageOf(FREE)).toEqual({
      used: 2,
      quota: 500,
      grace: 50,
      periodStart: '2026-05-01T00:00:00.000Z',
      periodEnd: '2026-06-01T00:00:00.000Z',
    });
    expect(await saved(SHOP)).toBe(0);
    // And for the operator's dashboard: the 15 keystroke answers that made them.
    const metrics = await (await fetch(`${search.url}/metrics`)).text();
    expect(Number(/^sniff_searches_counted_total\{[^}]*\} (\d+)$/m.exec(metrics)?.[1])).toBe(15);
  });

  it("counts one query's keystrokes once whichever workers answer them, and a request that names no query on its own", async () => {
    const other = await startSearch(searchConfig);
    try {
      // One visitor's query, its keystrokes answered in turn by two workers (replicas alike): one search.
      const keys = ['s', 'sh', 'shi', 'ship', 'shipp', 'shippi', 'shippin', 'shipping'];
      for (const [i, q] of keys.entries())
        await ask(SHOP_A, q, { address: '10.9.0.1', session: 'q-1', base: i % 2 ? other.url : search.url });
      // A caller that names no query (a script, an old snippet): each answer is a search.
      await ask(SHOP_A, 'pricing', { address: '10.9.0.2' });
      await ask(SHOP_A, 'pricin', { address: '10.9.0.2' });
      // The same id on another owner's store is that owner's search.
      await ask(FREE_A, 'shipping', { address: '10.9.0.1', session: 'q-1' });
      await Promise.all([flushed(search), flushed(other)]);
      expect([await saved(SHOP), await saved(FREE)]).toEqual([3, 3]);
      // Still typing (or a script replaying the id) a minute later: a new search.
      now = new Date(now.getTime() + 61_000);
      await ask(SHOP_A, 'shipping to', { address: '10.9.0.1', session: 'q-1', base: other.url });
      await ask(SHOP_A, 'shipping to p', { address: '10.9.0.1', session: 'q-1' });
      await Promise.all([flushed(search), flushed(other)]);
      expect(await saved(SHOP)).toBe(4);
    } finally {
      await other.close();
    }
  });

  it('lets no third party use up an owner: each visitor, network and day adds only so much', async () => {
    // Two workers (replicas alike) with small caps: 3 a visitor, 5 a network, 2% of 500 = 10 a day.
    const caps = {
      ...searchConfig,
      SEARCH_COUNT_PER_VISITOR_DAY: 3,
      SEARCH_COUNT_PER_NETWORK_DAY: 5,
      SEARCH_COUNT_DAY_SHARE: 0.02,
    };
    const [one, two] = [await startSearch(caps), await startSearch(caps)];
    try {
      // A script that names no query has each search counted, up to its address's cap,
      // however the searches are spread over workers.
      for (let i = 0; i < 10; i++) await ask(CAP_A, `pricing ${i}`, { address: '203.0.113.7', base: one.url });
      for (let i = 0; i < 10; i++) await ask(CAP_A, `pricing ${i}`, { address: '203.0.113.7', base: two.url });
      await Promise.all([flushed(one), flushed(two)]);
      expect(await saved(CAP)).toBe(3);
      // More addresses of the same network add up to the network's cap.
      for (const host of [8, 9, 10])
        for (let i = 0; i < 3; i++) await ask(CAP_A, `shipping ${i}`, { address: `203.0.113.${host}`, base: one.url });
      await flushed(one);
      expect(await saved(CAP)).toBe(5);
      // Addresses all over the internet add up to the day's share of the quota.
      for (let n = 1; n <= 20; n++) await ask(CAP_A, 'faq', { address: `198.18.${n}.1`, base: two.url });
      await flushed(two);
      expect(await saved(CAP)).toBe(10);
      // The widget answered every one of them.
      expect((await ask(CAP_A, 'pricing', { address: '198.18.99.1', base: one.url })).body.hits[0]).toMatchObject({
        id: 'pricing',
      });
      // The next day counts again.
      now = new Date('2026-06-01T00:30:00Z');
      await ask(CAP_A, 'pricing', { address: '203.0.113.7', base: one.url });
      expect(await usageOf(CAP, one.url)).toMatchObject({ used: 1, periodStart: '2026-06-01T00:00:00.000Z' });
    } finally {
      now = new Date('2026-05-31T23:00:00Z');
      await one.close();
      await two.close();
    }
  });

  it("answers 403 to a page outside the store's allowed sites, counting nothing", async () => {
    const settings = await fetch(`${search.url}/internal/stores/${SHOP_A}/settings?version=7`, {
      method: 'PUT',
      headers: asInternal(),
      body: JSON.stringify({ allowedSites: ['shop.example'] }),
    });
    expect(settings.status).toBe(200);
    await flushed(search);
    const before = await saved(SHOP);
    // The owner's own site and its subdomains.
    for (const origin of ['https://shop.example', 'http://www.shop.example:8080']) {
      const own = await ask(SHOP_A, 'pricing', { origin, address: '10.8.0.1' });
      expect(own.body.hits[0]).toMatchObject({ id: 'pricing' });
    }
    // Another website embedding the widget: refused, mounting included, and never counted.
    for (const q of ['', 'pricing', 'shipping']) {
      const refused = await ask(SHOP_A, q, { origin: 'https://copycat.example', address: '10.8.0.2', status: 403 });
      expect(refused.body).toMatchObject({ statusCode: 403, message: NOT_ALLOWED_MESSAGE });
    }
    await ask(SHOP_A, 'faq', { origin: 'https://shop.example.evil', address: '10.8.0.3', status: 403 });
    // A caller without an Origin (a script, a server) is answered, and counted like any.
    await ask(SHOP_A, 'pricing', { address: '10.8.0.4' });
    await flushed(search);
    expect(await saved(SHOP)).toBe(before + 3);
    await fetch(`${search.url}/internal/stores/${SHOP_A}/settings?version=8`, {
      method: 'PUT',
      headers: asInternal(),
      body: JSON.stringify({ allowedSites: [] }),
    });
  });

  it('shows each owner only their own usage, and only to them', async () => {
    await visitorSearch(SHOP_A, 'coffee');
    expect(await usageOf(SHOP)).toMatchObject({ used: 8, quota: 1_000, grace: 100 });
    expect(await usageOf(FREE)).toMatchObject({ used: 3, quota: 500 });
    expect(await usageOf('nobody-yet')).toMatchObject({ used: 0, quota: 500 });

    const anonymous = await fetch(`${search.url}/usage`, {
      method: 'POST',
      headers: asInternal(),
      body: JSON.stringify({ email: `${FREE}@example.com` }),
    });
    expect(anonymous.status).toBe(401);
    const noEmail = await fetch(`${search.url}/usage`, { method: 'POST', headers: asOwner(FREE), body: '{}' });
    expect(noEmail.status).toBe(400);
    expect(await noEmail.json()).toMatchObject({ field: 'email' });
  });

  it('keeps answering past the quota for its grace share, then answers `unavailable` for every store of the owner', async () => {
    /** The e-mails queued for the free owner, by key (quota-notices.test.ts follows one to the inbox). */
    const notices = async () =>
      (
        await sql.query(
          `SELECT data->>'key' AS key FROM pgboss.job WHERE name = 'quota-notice' AND data->>'ownerSub' = $1 ORDER BY 1`,
          [FREE],
        )
      ).rows.map((r: { key: string }) => r.key);
    // Other search workers have counted 495 more of the free owner's searches this month: 498.
    await sql.query(`UPDATE search.usage SET "count" = "count" + 495 WHERE owner_sub = $1`, [FREE]);
    // Past 80%: the owner's e-mail about it is on its way.
    expect(await eventually(async () => (await notices()).length === 1 && notices(), 'the 80% notice')).toEqual([
      'quota:free-owner:2026-05:80',
    ]);
    await visitorSearch(FREE_B, 'pricing'); // the 499th
    await visitorSearch(FREE_B, 'pricing'); // the 500th: the quota, and the grace share begins
    await eventually(async () => (await saved(FREE)) === 500, 'the 500th search saved');
    await search.app.get(UsageService).tick();
    // Within the grace share the widgets answer as before.
    expect((await searchFor(FREE_A, 'pricing')).hits[0]).toMatchObject({ id: 'pricing' });
    expect(await usageOf(FREE)).toMatchObject({ used: 500, quota: 500, grace: 50 });
    // ...and the e-mail at 100% is on its way (quota-notices.test.ts follows one to the inbox).
    expect(await eventually(async () => (await notices()).length === 2 && notices(), 'the 100% notice')).toEqual([
      'quota:free-owner:2026-05:100',
      'quota:free-owner:2026-05:80',
    ]);

    await sql.query(`UPDATE search.usage SET "count" = "count" + 48 WHERE owner_sub = $1`, [FREE]);
    await visitorSearch(FREE_A, 'shipping'); // 549: one left
    await search.app.get(UsageService).tick();
    expect((await searchFor(FREE_A, 'pricing')).unavailable).toBeUndefined();
    await visitorSearch(FREE_A, 'shipping'); // 550: quota and grace used up
    const blocked = await eventually(async () => {
      const res = await searchFor(FREE_A, 'pricing');
      return res.unavailable && res;
    }, 'the quota to apply');
    expect(blocked).toMatchObject({ hits: [], suggestions: [], unavailable: { reason: 'quota' } });
    expect(blocked.searchId).toBeUndefined(); // nothing a visitor could settle on
    expect((await searchFor(FREE_B, 'shipping')).unavailable).toEqual({ reason: 'quota' });
    // A widget mounting learns it at once, beside its rules.
    expect(await searchFor(FREE_A, '')).toMatchObject({ unavailable: { reason: 'quota' }, widget: expect.any(Object) });
    // An unavailable answer counts nothing.
    await visitorSearch(FREE_A, 'pricing');
    await search.app.get(UsageService).tick();
    expect(await usageOf(FREE)).toMatchObject({ used: 550, quota: 500, grace: 50 });

    // Another owner's store searches as before.
    const other = await searchFor(SHOP_A, 'pricing');
    expect(other.unavailable).toBeUndefined();
    expect(other.hits[0]).toMatchObject({ id: 'pricing' });
  });

  it('starts every owner at 0 in a new month, and searches again', async () => {
    now = new Date('2026-06-01T00:00:05Z');
    const back = await eventually(async () => {
      const res = await searchFor(FREE_A, 'pricing');
      return !res.unavailable && res;
    }, 'the new month');
    expect(back.hits[0]).toMatchObject({ id: 'pricing' });
    expect(await usageOf(FREE)).toEqual({
      used: 0,
      quota: 500,
      grace: 50,
      periodStart: '2026-06-01T00:00:00.000Z',
      periodEnd: '2026-07-01T00:00:00.000Z',
    });
    await visitorSearch(FREE_A, 'pricing');
    expect(await usageOf(FREE)).toMatchObject({ used: 1 });
    // May's count stays where it was.
    const may = await sql.query(`SELECT "count" FROM search.usage WHERE owner_sub = $1 AND period_start = $2`, [
      FREE,
      new Date('2026-05-01T00:00:00Z'),
    ]);
    expect(may.rows[0].count).toBe(550);
  });

  it('saves what a worker counted when it stops, however long before its next flush', async () => {
    const worker = await startSearch({ ...searchConfig, SEARCH_USAGE_FLUSH_MS: 3_600_000 });
    const before = await saved(SHOP);
    await visitorSearch(SHOP_A, 'pricing', worker.url);
    await visitorSearch(SHOP_A, 'shipping', worker.url);
    expect(await saved(SHOP)).toBe(before); // not flushed yet

    await worker.close();
    // Stopping it writes them.
    expect(await saved(SHOP)).toBe(before + 2);
  });

  it('counts nothing and blocks nothing while the stores service cannot say who owns a store', async () => {
    const worker = await startSearch({ ...searchConfig, STORES_URL: 'http://127.0.0.1:9' });
    try {
      const before = await saved(SHOP);
      await visitorSearch(SHOP_A, 'pricing', worker.url);
      await flushed(worker);
      expect(await saved(SHOP)).toBe(before);
      expect((await searchFor(SHOP_A, 'pricing', worker.url)).unavailable).toBeUndefined();
    } finally {
      await worker.close();
    }
  });
  it("applies a downgrade's widget rules and quota once the cached rules expire, keeping the store searchable", async () => {
    const worker = await startSearch({ ...searchConfig, SEARCH_WIDGET_RULES_TTL_MS: 0 });
    try {
      expect((await searchFor(SHOP_A, '', worker.url)).widget?.sizes).toEqual(WIDGET_SIZES);
      // The owner's Shopify Starter subscription ends: back on the free plan.
      await sql.query(`UPDATE billing.subscriptions SET status = 'canceled' WHERE owner_sub = $1`, [SHOP]);
      const blank = await searchFor(SHOP_A, '', worker.url);
      // A snippet asking for "huge" now shows at most medium (the widget takes the nearest allowed size).
      expect(blank.widget).toMatchObject({ sizes: ['small', 'medium'], customPlaceholder: false });
      expect((await searchFor(SHOP_A, 'pricing', worker.url)).hits[0]).toMatchObject({ id: 'pricing' });
      expect(await usageOf(SHOP, worker.url)).toMatchObject({ quota: 500 });
    } finally {
      await worker.close();
    }
  });

  it("exports and deletes one owner's usage for the account job, only theirs, and nothing comes back", async () => {
    const internal = async (method: string, owner: string, base: string) => {
      const res = await fetch(`${base}/internal/owners/${encodeURIComponent(owner)}`, {
        method,
        headers: asInternal(),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as unknown;
    };
    const rowsOf = async (owner: string) =>
      (await sql.query(`SELECT count(*)::int AS n FROM search.usage WHERE owner_sub = $1`, [owner])).rows[0]
        .n as number;
    const shopBefore = ownerUsageExportSchema.parse(await internal('GET', SHOP, search.url));
    expect(shopBefore.usage.length).toBeGreaterThan(0);
    // A worker that flushes only when it stops: what it counted is in the export all the same.
    const worker = await startSearch({ ...searchConfig, SEARCH_USAGE_FLUSH_MS: 3_600_000 });
    try {
      await visitorSearch(FREE_A, 'shipping', worker.url);
      expect(strictObject(ownerUsageExportSchema.shape).parse(await internal('GET', FREE, worker.url))).toEqual({
        usage: [
          { periodStart: '2026-05-01T00:00:00.000Z', searches: 550 },
          { periodStart: '2026-06-01T00:00:00.000Z', searches: 2 },
        ],
      });
      // One more search still in the worker's memory when the account goes.
      await visitorSearch(FREE_A, 'pricing', worker.url);
      expect(ownerDeletionCountsSchema.parse(await internal('DELETE', FREE, worker.url))).toEqual({
        deleted: { usage: 2, quotaNotices: 2 }, // the 80% and 100% e-mails of May
      });
      expect(await internal('GET', FREE, worker.url)).toEqual({ usage: [] });
      expect(await internal('DELETE', FREE, search.url)).toEqual({ deleted: { usage: 0, quotaNotices: 0 } });
      expect(await internal('DELETE', 'never-an-owner', search.url)).toEqual({
        deleted: { usage: 0, quotaNotices: 0 },
      });
    } finally {
      await worker.close();
    }
    // The worker wrote its counts when it stopped: the deleted owner's were not among them.
    expect(await rowsOf(FREE)).toBe(0);
    expect(await internal('GET', SHOP, search.url)).toEqual(shopBefore);

    expect((await fetch(`${search.url}/internal/owners/${SHOP}`, { method: 'DELETE' })).status).toBe(403);
    const nul = await fetch(`${search.url}/internal/owners/${SHOP}%00`, { method: 'DELETE', headers: asInternal() });
    expect(nul.status).toBe(400);
    expect(await nul.json()).toMatchObject({ field: 'sub' });
    expect(await rowsOf(SHOP)).toBeGreaterThan(0);
  });
});
