import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { popularQueriesResponseSchema, searchResponseSchema } from '@sniff/contracts';
import { asInternal, createTestDatabase, startTestService, testConfig, TestService } from '@sniff/service-kit/testing';
import { AnalyticsAppModule } from '../../analytics/src/app.module';
import { SearchAppModule } from './app.module';
import { SITE_DOCUMENTS } from './engine/fixtures';
import { PopularQueries } from './search/popular-queries';

async function eventually<T>(probe: () => Promise<T | undefined | false>, what: string, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** An analytics address that accepts requests and never answers them (a hung service). */
function startSilentServer(): Promise<{ url: string; server: Server; requests: string[]; pending(): number }> {
  const requests: string[] = [];
  let pending = 0;
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    pending++;
    // Closed only when the caller gives up on it.
    res.on('close', () => pending--);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        server,
        requests,
        pending: () => pending,
      }),
    ),
  );
}

/**
 * Suggestions with the real analytics service beside search, both on one database as in production:
 * the widget's search events go through search's events route and the queue to analytics, and
 * search asks analytics for each store's popular queries.
 */
describe('search suggestions from popular queries', () => {
  const TTL_MS = 200;
  let db: { url: string; drop(): Promise<void> };
  let analytics: TestService;
  let analyticsUp = false;
  let search: TestService;

  const suggestions = async (q: string, storeId = 'store-1', base = search.url) => {
    const res = await fetch(`${base}/v1/stores/${storeId}/search?${new URLSearchParams({ q })}`);
    expect(res.status).toBe(200);
    return searchResponseSchema.parse(await res.json()).suggestions;
  };
  /**
   * `visitors` distinct visitors (by address, as the gateway forwards it) each searching `query` in
   * the widget and settling on it: the event carries the answer's search id.
   */
  const settle = async (storeId: string, query: string, visitors: number) => {
    for (let i = 0; i < visitors; i++) {
      const answer = searchResponseSchema.parse(
        await (await fetch(`${search.url}/v1/stores/${storeId}/search?${new URLSearchParams({ q: query })}`)).json(),
      );
      const res = await fetch(`${search.url}/v1/stores/${storeId}/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.0.${i + 1}` },
        body: JSON.stringify({ type: 'search', query, searchId: answer.searchId }),
      });
      expect(await res.json()).toEqual({ accepted: true });
    }
  };
  /** Waits until analytics has counted each query (normalized) as often as given, for the store. */
  const counted = (storeId: string, expected: Record<string, number>) =>
    eventually(
      async () => {
        const res = await fetch(`${analytics.url}/internal/stores/${storeId}/popular-queries`, {
          headers: asInternal(),
        });
        const { queries } = popularQueriesResponseSchema.parse(await res.json());
        return Object.entries(expected).every(([query, count]) =>
          queries.some((q) => q.query === query && q.count === count),
        );
      },
      `analytics to count ${JSON.stringify(expected)} for ${storeId}`,
    );
  const index = (base: string, storeId: string) =>
    fetch(`${base}/internal/stores/${storeId}/documents`, {
      method: 'PUT',
      headers: asInternal(),
      body: JSON.stringify({ documents: SITE_DOCUMENTS }),
    });

  beforeAll(async () => {
    db = await createTestDatabase();
    // Two visitors make a query popular here, at once (the defaults ask for more, over time).
    const analyticsConfig = { ...testConfig(db.url), SUGGESTION_MIN_VISITORS: 2, SUGGESTION_MIN_HOURS: 0 };
    analytics = await startTestService(AnalyticsAppModule.forRoot(analyticsConfig), analyticsConfig);
    analyticsUp = true;
    const searchConfig = { ...testConfig(db.url), ANALYTICS_URL: analytics.url, SEARCH_POPULAR_TTL_MS: TTL_MS };
    search = await startTestService(SearchAppModule.forRoot(searchConfig), searchConfig);
    for (const storeId of ['store-1', 'store-2']) expect((await index(search.url, storeId)).status).toBe(200);

    await settle('store-1', 'Shipping costs', 3);
    await settle('store-1', 'shipping to Portugal', 2);
    await settle('store-1', 'shipqzxv', 2); // found nothing: never suggested
    await settle('store-1', 'shipping for jane doe', 1); // one visitor's query stays theirs
    await settle('store-2', 'shipping secrets of store two', 5);
    await counted('store-1', { 'shipping costs': 3, 'shipping to portugal': 2 });
    await counted('store-2', { 'shipping secrets of store two': 5 });
  });
  afterAll(async () => {
    await search?.close();
    if (analyticsUp) await analytics.close();
    await db?.drop();
  });

  it("suggests the store's popular queries first, then the index's own completions", async () => {
    // The first search starts the fetch in the background; a later one has the list.
    const got = await eventually(async () => {
      const s = await suggestions('ship');
      return s[0] === 'shipping costs' && s;
    }, 'popular queries in the suggestions');
    expect(got).toEqual(['shipping costs', 'shipping to portugal', 'shipping']);
    const typed = await suggestions('SHIPPING t');
    expect(typed[0]).toBe('shipping to portugal');
    expect(typed).not.toContain('shipping costs');
    // The visitor's own query is not suggested back to them.
    expect(await suggestions('shipping costs')).not.toContain('shipping costs');
    // Another store's visitors never see them.
    const other = await eventually(async () => {
      const s = await suggestions('ship', 'store-2');
      return s.length > 1 && s;
    }, "store-2's popular queries");
    expect(other).toEqual(['shipping secrets of store two', 'shipping']);
  });

  it('picks up new popular queries once the list is older than SEARCH_POPULAR_TTL_MS', async () => {
    await settle('store-1', 'shipping insurance', 4);
    await counted('store-1', { 'shipping insurance': 4 });
    const got = await eventually(async () => {
      const s = await suggestions('shi');
      return s[0] === 'shipping insurance' && s;
    }, 'the refreshed list');
    // The index's completions fill the rest, up to five.
    expect(got).toEqual(['shipping insurance', 'shipping costs', 'shipping to portugal', 'ship', 'shipping']);
  });

  it('forgets the list of a deleted store', async () => {
    const popular = search.app.get(PopularQueries);
    await suggestions('ship', 'store-2');
    const before = popular.size;
    const res = await fetch(`${search.url}/internal/stores/store-2`, { method: 'DELETE', headers: asInternal() });
    expect(res.status).toBe(200);
    expect(popular.size).toBe(before - 1);
  });

  it('answers at once from the index while analytics hangs', async () => {
    const silent = await startSilentServer();
    const config = { ...testConfig(db.url), ANALYTICS_URL: silent.url, SEARCH_POPULAR_TTL_MS: TTL_MS };
    const replica = await startTestService(SearchAppModule.forRoot(config), config);
    try {
      expect(await suggestions('ship', 'store-1', replica.url)).toEqual(['shipping']);
      await eventually(async () => silent.requests.length > 0, 'the background fetch');
      expect(await suggestions('ship', 'store-1', replica.url)).toEqual(['shipping']);
      expect(await suggestions('pric', 'store-1', replica.url)).toEqual(['pricing', 'prices']);
      // Every search above answered while the one fetch was still waiting for analytics (a
      // search that waited would only have answered after giving up on it).
      expect(silent.requests).toEqual(['/internal/stores/store-1/popular-queries?limit=200']);
      expect(silent.pending()).toBe(1);
    } finally {
      silent.server.closeAllConnections();
      await new Promise((r) => silent.server.close(r));
      await replica.close();
    }
  });

  it('keeps suggesting the last list when analytics goes down', async () => {
    await eventually(async () => (await suggestions('ship'))[0] === 'shipping insurance', 'the list');
    await analytics.close();
    analyticsUp = false;
    // Several TTLs pass: every refresh fails, searches still answer with the list they had.
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setTimeout(r, TTL_MS));
      expect(await suggestions('ship')).toEqual([
        'shipping insurance',
        'shipping costs',
        'shipping to portugal',
        'shipping',
      ]);
    }
  });
});
