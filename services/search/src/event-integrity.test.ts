import { Client } from 'pg';
import {
  FREE_PLACEHOLDER,
  popularQueriesResponseSchema,
  searchResponseSchema,
  storeSuggestionsResponseSchema,
  WIDGET_SIZES,
} from '@sniff/contracts';
import {
  asInternal,
  asOwner,
  createTestDatabase,
  freePorts,
  startTestService,
  testConfig,
  TestService,
} from '@sniff/service-kit/testing';
import { AnalyticsAppModule } from '../../analytics/src/app.module';
import { AppModule as BillingModule } from '../../billing/src/app.module';
import { plansOnlyBillingConfig } from '../../billing/src/plans-only-config';
import { AppModule as StoresModule } from '../../stores/src/app.module';

import { storesTestConfig } from '../../stores/src/testing/config';
import { SearchAppModule } from './app.module';
import { SITE_DOCUMENTS } from './engine/fixtures';

async function eventually<T>(probe: () => Promise<T | undefined | false>, what: string, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Suggestions and analytics reflect only what real searches on a store produced. Billing, stores,
 * search and analytics run as in production (one database, the real queue), with analytics'
 * default thresholds: a suggestion needs 3 distinct visitors, an hour apart at least. Visitors are
 * told apart by the address the gateway forwards (X-Forwarded-For).
 */
describe('events nobody outside can plant', () => {
  const STORE = 'st_integrity0000000000';
  const FREE_STORE = 'st_freeowner000000000';
  const OWNER = 'paid-owner';
  let db: { url: string; drop(): Promise<void> };
  let sql: Client;
  let billing: TestService;
  let stores: TestService;
  let search: TestService;
  let analytics: TestService;

  const searchFor = async (q: string, storeId = STORE) => {
    const res = await fetch(`${search.url}/v1/stores/${storeId}/search?${new URLSearchParams({ q })}`);
    expect(res.status).toBe(200);
    return searchResponseSchema.parse(await res.json());
  };
  const postEvent = async (body: unknown, address: string, raw?: string) => {
    const res = await fetch(`${search.url}/v1/stores/${STORE}/events`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-forwarded-for': address },
      body: raw ?? JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { accepted?: boolean } };
  };
  /** A visitor at `address` searching `q` and settling on it, as the widget does. */
  const realSearch = async (q: string, address: string) => {
    const answer = await searchFor(q);
    const sent = await postEvent({ type: 'search', query: q, searchId: answer.searchId }, address);
    expect(sent.body).toEqual({ accepted: true });
    return answer;
  };
  /** Everything the owner's analytics page shows. */
  const panels = async () => {
    const out: Record<string, unknown> = {};
    for (const panel of ['timeseries', 'zeroes', 'top10', 'top10-zeroes']) {
      const res = await fetch(`${analytics.url}/fetch/${panel}`, {
        method: 'POST',
        headers: asOwner(OWNER),
        body: JSON.stringify({ email: `${OWNER}@example.com`, url: 'https://shop.example' }),
      });
      expect(res.status).toBe(200);
      out[panel] = await res.json();
    }
    return out;
  };
  const popular = async () => {
    const res = await fetch(`${analytics.url}/internal/stores/${STORE}/popular-queries`, { headers: asInternal() });
    return popularQueriesResponseSchema.parse(await res.json()).queries;
  };
  const eventRows = async () =>
    (await sql.query(`SELECT count(*)::int AS n FROM analytics.search_events WHERE store_id = $1`, [STORE])).rows[0]
      .n as number;
  /** Waits until the queue is drained into analytics (events arrive within a second or two). */
  const settled = async (expectedRows: number) =>
    eventually(async () => (await eventRows()) === expectedRows, `${expectedRows} stored events`);

  beforeAll(async () => {
    db = await createTestDatabase();
    sql = new Client({ connectionString: db.url });
    await sql.connect();
    // Each service names the others it calls, so their ports are chosen first.
    const [billingPort, storesPort, searchPort, analyticsPort] = await freePorts(4);
    const at = (port: number) => `http://127.0.0.1:${port}`;
    const start = async <C extends ReturnType<typeof testConfig>>(
      module: (config: C) => Parameters<typeof startTestService>[0],
      config: C,
      port: number,
    ) => startTestService(module(config), config, port);
    billing = await start(
      (c) => BillingModule.forRoot(c),
      plansOnlyBillingConfig(testConfig(db.url), `${OWNER}:busniess_starter_monthly`),
      billingPort!,
    );
    const storesConfig = storesTestConfig(testConfig(db.url), {
      BILLING_URL: at(billingPort!),
      SEARCH_URL: at(searchPort!),
      ANALYTICS_URL: at(analyticsPort!),
      FETCH_ALLOW_ORIGINS: [],
      INGEST_EXPIRE_SECONDS: 60,
      INGEST_RETRY_DELAY_SECONDS: 1,
      SETTINGS_RETRY_DELAY_SECONDS: 1,
    });
    stores = await start((c) => StoresModule.forRoot(c), storesConfig, storesPort!);
    search = await start(
      (c) => SearchAppModule.forRoot(c),
      {
        ...testConfig(db.url),
        ANALYTICS_URL: at(analyticsPort!),
        STORES_URL: at(storesPort!),
        SEARCH_POPULAR_TTL_MS: 0,
      },
      searchPort!,
    );
    analytics = await start(
      (c) => AnalyticsAppModule.forRoot(c),
      { ...testConfig(db.url), STORES_URL: at(storesPort!), BILLING_URL: at(billingPort!) },
      analyticsPort!,
    );
    for (const [id, owner] of [
      [STORE, OWNER],
      [FREE_STORE, 'free-owner'],
    ]) {
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
    for (const s of [stores, search, analytics, billing]) await s?.close();
    await sql?.end();
    await db?.drop();
  });

  it('drops crafted events from many addresses: no suggestion and no change in the analytics', async () => {
    await realSearch('pricing', '192.0.2.1');
    await realSearch('pricing plans', '192.0.2.2');
    await settled(2);
    const before = await panels();
    const real = await searchFor('pricing');
    const [at, count, mac] = real.searchId!.split('.');
    const planted: unknown[] = [
      // What the old widget sent: the visitor's own word for the result count.
      { type: 'search', query: 'visit evil.example today', resultCount: 3_000_000_000 },
      { type: 'search', query: 'visit evil.example today', searchId: 'mfq2x1.3.AAAAAAAAAAAAAAAAAAAAAA' },
      // A real search id, for other words.
      { type: 'search', query: 'visit evil.example today', searchId: real.searchId },
      // A real search id with its result count changed.
      { type: 'search', query: 'pricing', searchId: `${at}.${(Number.parseInt(count!, 36) + 99).toString(36)}.${mac}` },
      // Clicks on what the store does not hold.
      { type: 'click', query: 'pricing', searchId: real.searchId, hitId: 'javascript:alert(1)' },
      { type: 'click', query: 'visit evil.example today', searchId: real.searchId, hitId: 'pricing' },
    ];
    const outcomes: number[] = [];
    for (let visitor = 0; visitor < 12; visitor++) {
      for (const event of planted) {
        const { status, body } = await postEvent(event, `198.51.100.${visitor}`);
        expect(body.accepted).not.toBe(true);
        outcomes.push(status);
      }
    }
    // The old format is malformed now (400 naming searchId); the rest is taken and dropped (202).
    expect(new Set(outcomes)).toEqual(new Set([400, 202]));
    // The queue is polled every second: give any planted event the time it would need to arrive.
    await new Promise((r) => setTimeout(r, 2500));
    expect(await eventRows()).toBe(2);
    expect(await panels()).toEqual(before);
    expect(await popular()).toEqual([]);
    for (const q of ['visit', 'visit evil']) expect((await searchFor(q)).suggestions.join()).not.toContain('evil');
  });

  it('counts a burst of real searches of planted words once per visitor, and never suggests it', async () => {
    const rowsBefore = await eventRows();
    const words = 'free shipping costs policy';
    // One client replays one answer's events, then keeps searching: each visitor's event about an answer counts once.
    const answer = await searchFor(words);
    expect(answer.hits.length).toBeGreaterThan(0);
    for (let i = 0; i < 40; i++)
      await postEvent({ type: 'search', query: words, searchId: answer.searchId }, '203.0.113.50');
    // Five more addresses at once: several visitors, but not over time.
    for (let v = 1; v <= 5; v++) await realSearch(words, `203.0.113.${50 + v}`);
    await settled(rowsBefore + 6);
    const top = (await panels()).top10 as { rows: { query: string; count: number }[] };
    expect(top.rows.find((r) => r.query === words)).toEqual({ query: words, count: 6 });
    expect(await popular()).toEqual([]);
    await searchFor('free sh');
    expect((await searchFor('free sh')).suggestions).not.toContain(words);
  });

  it('suggests a query three visitors searched over an hour or more, until the owner hides it', async () => {
    const rowsBefore = await eventRows();
    for (const address of ['192.0.2.10', '192.0.2.11', '192.0.2.12']) await realSearch('shipping to portugal', address);
    await settled(rowsBefore + 3);
    // At once, it is not yet popular.
    expect(await popular()).toEqual([]);
    // An hour and a half later (the first search moved back in time).
    await sql.query(
      `UPDATE analytics.search_events SET at = at - interval '90 minutes'
        WHERE store_id = $1 AND id = (SELECT min(id) FROM analytics.search_events WHERE store_id = $1 AND query = $2)`,
      [STORE, 'shipping to portugal'],
    );
    expect(await popular()).toEqual([{ query: 'shipping to portugal', count: 3 }]);
    const suggested = () => searchFor('shipping t').then((a) => a.suggestions);
    await eventually(async () => (await suggested()).includes('shipping to portugal'), 'the popular query suggested');

    // The owner sees it among the store's suggestions; nobody else can look.
    const listed = async (owner = OWNER) => {
      const res = await fetch(`${stores.url}/stores/${STORE}/suggestions`, { headers: asOwner(owner) });
      return { status: res.status, body: await res.json() };
    };
    expect(storeSuggestionsResponseSchema.parse((await listed()).body).suggestions).toEqual([
      { query: 'shipping to portugal', visitors: 3, hidden: false },
    ]);
    expect((await listed('intruder')).status).toBe(404);

    // Hidden: gone from every visitor's suggestions at once.
    const save = (hiddenSuggestions: string[]) =>
      fetch(`${stores.url}/stores/${STORE}/search-settings`, {
        method: 'PUT',
        headers: asOwner(OWNER),
        body: JSON.stringify({ synonyms: [], stopWords: [], hiddenSuggestions }),
      });
    const res = await save(['  Shipping to  PORTUGAL ']);
    expect(res.status).toBe(200);
    expect((await res.json()).hiddenSuggestions).toEqual(['shipping to portugal']);
    expect(await suggested()).not.toContain('shipping to portugal');
    expect(storeSuggestionsResponseSchema.parse((await listed()).body).suggestions).toEqual([
      { query: 'shipping to portugal', visitors: 3, hidden: true },
    ]);
    // Shown again when the owner says so.
    expect((await save([])).status).toBe(200);
    expect(await suggested()).toContain('shipping to portugal');
  });

  it("gives a widget its store's rules when it mounts: what the owner's plan allows", async () => {
    const paid = await searchFor('');
    expect(paid.widget).toEqual({ sizes: [...WIDGET_SIZES], customPlaceholder: true, placeholder: FREE_PLACEHOLDER });
    const free = await searchFor('', FREE_STORE);
    expect(free.widget).toEqual({
      sizes: ['small', 'medium'],
      customPlaceholder: false,
      placeholder: FREE_PLACEHOLDER,
    });
    const unknown = await fetch(`${search.url}/v1/stores/st_nosuchstore/search?q=`);
    expect(unknown.status).toBe(404);
  });
});
