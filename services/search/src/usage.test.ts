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
  let now = new Date('2026-05-31T23:00:00Z');
  const clock = () => now;
  let db: { url: string; drop(): Promise<void> };
  let sql: Client;
  let billing: TestService;
  let stores: TestService;
  let search: TestService;
  let searchConfig: ReturnType<typeof testConfig> & Partial<SearchConfig>;
  let visitor = 0;

  const searchFor = async (storeId: string, q: string, base = search.url) => {
    const res = await fetch(`${base}/v1/stores/${storeId}/search?${new URLSearchParams({ q })}`);
    expect(res.status).toBe(200);
    return searchResponseSchema.parse(await res.json());
  };
  const postEvent = async (storeId: string, body: object, address: string, base = search.url) => {
    const res = await fetch(`${base}/v1/stores/${storeId}/events`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-forwarded-for': address },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(202);
    return res.json();
  };
  /** A visitor typing `q` and settling on it, as the widget does: answers, then one search event. */
  const visitorSearch = async (storeId: string, q: string, base = search.url) => {
    const address = `192.0.2.${++visitor}`;
    const answer = await searchFor(storeId, q, base);
    expect(await postEvent(storeId, { type: 'search', query: q, searchId: answer.searchId }, address, base)).toEqual({
      accepted: true,
    });
    return { answer, address };
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
    };
    search = await startSearch(searchConfig, searchPort);
    for (const [id, owner] of [
      [FREE_A, FREE],
      [FREE_B, FREE],
      [SHOP_A, SHOP],
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
    }
  });
  afterAll(async () => {
    for (const s of [search, stores, billing]) await s?.close();
    await sql?.end();
    await db?.drop();
  });

  it('counts settled visitor searches per owner across their stores, not mounts or keystrokes', async () => {
    // A widget mounting and a visitor typing: answers only, no search settled.
    await searchFor(FREE_A, '');
    for (const q of ['p', 'pr', 'pri', 'pric']) await searchFor(FREE_A, q);
    expect(await usageOf(FREE)).toMatchObject({ used: 0, quota: 500 });

    const { answer, address } = await visitorSearch(FREE_A, 'pricing');
    await visitorSearch(FREE_B, 'shipping');
    // The same event sent again (a beacon retried) counts once, as analytics counts it.
    await postEvent(FREE_A, { type: 'search', query: 'pricing', searchId: answer.searchId }, address);
    // Counted in memory, in the database within a flush.
    await eventually(async () => (await saved(FREE)) === 2, 'two searches saved');
    expect(await usageOf(FREE)).toEqual({
      used: 2,
      quota: 500,
      periodStart: '2026-05-01T00:00:00.000Z',
      periodEnd: '2026-06-01T00:00:00.000Z',
    });
    expect(await saved(SHOP)).toBe(0);
    // And for the operator's dashboard: searches counted against quotas.
    const metrics = await (await fetch(`${search.url}/metrics`)).text();
    expect(Number(/^sniff_searches_counted_total\{[^}]*\} (\d+)$/m.exec(metrics)?.[1])).toBe(2);
  });

  it('shows each owner only their own usage, and only to them', async () => {
    await visitorSearch(SHOP_A, 'coffee');
    expect(await usageOf(SHOP)).toMatchObject({ used: 1, quota: 1_000 });
    expect(await usageOf(FREE)).toMatchObject({ used: 2, quota: 500 });
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

  it('answers `unavailable` for every store of an owner who reached the quota, and only theirs', async () => {
    // Other search workers have saved 497 of the free owner's searches this month.
    await sql.query(`UPDATE search.usage SET "count" = "count" + 497 WHERE owner_sub = $1`, [FREE]);
    await visitorSearch(FREE_B, 'pricing'); // the 500th

    const blocked = await eventually(async () => {
      const res = await searchFor(FREE_A, 'pricing');
      return res.unavailable && res;
    }, 'the quota to apply');
    expect(blocked).toMatchObject({ hits: [], suggestions: [], unavailable: { reason: 'quota' } });
    expect(blocked.searchId).toBeUndefined(); // nothing a visitor could settle on, so nothing more is counted
    expect((await searchFor(FREE_B, 'shipping')).unavailable).toEqual({ reason: 'quota' });
    // A widget mounting learns it at once, beside its rules.
    expect(await searchFor(FREE_A, '')).toMatchObject({ unavailable: { reason: 'quota' }, widget: expect.any(Object) });
    expect(await usageOf(FREE)).toMatchObject({ used: 500, quota: 500 });

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
    expect(may.rows[0].count).toBe(500);
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
      await worker.app.get(UsageService).tick();
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
      expect(ownerUsageExportSchema.strict().parse(await internal('GET', FREE, worker.url))).toEqual({
        usage: [
          { periodStart: '2026-05-01T00:00:00.000Z', searches: 500 },
          { periodStart: '2026-06-01T00:00:00.000Z', searches: 2 },
        ],
      });
      // One more search still in the worker's memory when the account goes.
      await visitorSearch(FREE_A, 'pricing', worker.url);
      expect(ownerDeletionCountsSchema.parse(await internal('DELETE', FREE, worker.url))).toEqual({
        deleted: { usage: 2, quotaNotices: 0 },
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
