import { RecordedSearchEvent, SEARCH_EVENTS_QUEUE, popularQueriesResponseSchema } from '@sniff/contracts';
import { Queue } from '@sniff/service-kit';
import { asInternal, createTestDatabase, startTestService, testConfig, TestService } from '@sniff/service-kit/testing';
import { DataSource } from 'typeorm';
import { AnalyticsAppModule } from './app.module';

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
const search = (storeId: string, query: string, resultCount: number, at = daysAgo(0.01)): RecordedSearchEvent => ({
  storeId,
  type: 'search',
  query,
  resultCount,
  hitId: null,
  url: null,
  at,
});

describe('analytics: popular queries for search suggestions (internal)', () => {
  let db: { url: string; drop(): Promise<void> };
  let svc: TestService;

  const popular = (storeId: string, params = '', headers = asInternal()) =>
    fetch(`${svc.url}/internal/stores/${encodeURIComponent(storeId)}/popular-queries${params}`, { headers });
  const queriesOf = async (storeId: string, params = '') => {
    const res = await popular(storeId, params);
    expect(res.status).toBe(200);
    return popularQueriesResponseSchema.parse(await res.json()).queries;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    const config = testConfig(db.url);
    svc = await startTestService(AnalyticsAppModule.forRoot(config), config);

    // Through the real ingestion path: the search-events queue, consumed by the analytics worker.
    const events: RecordedSearchEvent[] = [
      ...Array.from({ length: 3 }, () => search('store-a', 'Free Shipping', 2)),
      search('store-a', 'free  shipping ', 2),
      search('store-a', 'Café menu', 1, daysAgo(2)),
      search('store-a', 'café MENU', 1, daysAgo(1)),
      search('store-a', 'pricing', 5, daysAgo(3)),
      search('store-a', 'pricing', 5, daysAgo(29)),
      // Found nothing: never suggested, however often it is searched.
      ...Array.from({ length: 6 }, () => search('store-a', 'gift cards', 0)),
      // Older than the 30-day window.
      ...Array.from({ length: 6 }, () => search('store-a', 'summer sale', 4, daysAgo(31))),
      {
        storeId: 'store-a',
        type: 'click',
        query: 'returns',
        resultCount: null,
        hitId: 'shipping',
        url: 'https://shop.example/shipping',
        at: daysAgo(0),
      },
      ...Array.from({ length: 9 }, () => search('store-b', 'secret of store b', 3)),
    ];
    const queue = svc.app.get(Queue);
    for (const e of events) await queue.send(SEARCH_EVENTS_QUEUE, e);
    const deadline = Date.now() + 20_000;
    for (;;) {
      const [{ n }] = await svc.app.get(DataSource).query('SELECT count(*)::int AS n FROM analytics.search_events');
      if (n === events.length) break;
      if (Date.now() > deadline) throw new Error(`only ${n} of ${events.length} events arrived`);
      await new Promise((r) => setTimeout(r, 200));
    }
  });
  afterAll(async () => {
    await svc?.close();
    await db?.drop();
  });

  it("lists the store's queries that found results in the last 30 days, normalized, most frequent first", async () => {
    expect(await queriesOf('store-a')).toEqual([
      { query: 'free shipping', count: 4 },
      // Ties: the more recently searched first.
      { query: 'café menu', count: 2 },
      { query: 'pricing', count: 2 },
    ]);
  });

  it('never includes another store’s queries, and knows nothing of an unknown store', async () => {
    expect(await queriesOf('store-b')).toEqual([{ query: 'secret of store b', count: 9 }]);
    expect(await queriesOf('store-unknown')).toEqual([]);
  });

  it('honours the limit', async () => {
    expect(await queriesOf('store-a', '?limit=1')).toEqual([{ query: 'free shipping', count: 4 }]);
    expect(await queriesOf('store-a', '?limit=500')).toHaveLength(3);
  });

  it('rejects a limit outside 1..500, naming the field', async () => {
    for (const limit of ['0', '501', '2.5', 'ten']) {
      const res = await popular('store-a', `?limit=${limit}`);
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.field).toBe('limit');
      expect(body.message).toContain('limit');
    }
  });

  it('is internal: refused without the internal token', async () => {
    let res = await popular('store-a', '', {});
    expect(res.status).toBe(403);
    res = await popular('store-a', '', { 'x-sniff-internal-token': 'not-the-token-at-all' });
    expect(res.status).toBe(403);
  });
});
