import { randomUUID } from 'node:crypto';
import { RecordedSearchEvent, SEARCH_EVENTS_QUEUE, popularQueriesResponseSchema } from '@sniff/contracts';
import { Queue } from '@sniff/service-kit';
import { asInternal, createTestDatabase, startTestService, testConfig, TestService } from '@sniff/service-kit/testing';
import { DataSource } from 'typeorm';
import { AnalyticsAppModule } from './app.module';

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
/** A settled search by `visitor` (each its own answer). */
const search = (
  storeId: string,
  query: string,
  resultCount: number,
  visitor: string,
  at = daysAgo(0.01),
): RecordedSearchEvent => ({
  storeId,
  type: 'search',
  query,
  resultCount,
  hitId: null,
  url: null,
  visitor,
  searchKey: randomUUID(),
  at,
});
/** The same query searched by `count` distinct visitors at the given times (the last one repeats). */
const byVisitors = (storeId: string, query: string, resultCount: number, times: string[], count = times.length) =>
  Array.from({ length: count }, (_, i) =>
    search(storeId, query, resultCount, `${storeId}-${query}-${i}`, times[Math.min(i, times.length - 1)]),
  );

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
      // Four visitors over half a day, typed in different ways: one query.
      ...byVisitors('store-a', 'Free Shipping', 2, [daysAgo(0.5), daysAgo(0.01), daysAgo(0.01)]),
      search('store-a', 'free  shipping ', 2, 'store-a-late-visitor', daysAgo(0.01)),
      ...byVisitors('store-a', 'café MENU', 1, [daysAgo(2), daysAgo(1.5), daysAgo(1)]),
      ...byVisitors('store-a', 'pricing', 5, [daysAgo(29), daysAgo(10), daysAgo(3)]),
      // One visitor's query stays theirs, however often they search it.
      ...Array.from({ length: 8 }, (_, i) =>
        search('store-a', 'order 1234 status', 3, 'one-visitor', minutesAgo(i * 90)),
      ),
      // Two visitors are not yet popular.
      ...byVisitors('store-a', 'wool socks', 3, [daysAgo(2), daysAgo(1)]),
      // Many visitors within a few minutes: a burst, not popularity (yet).
      ...byVisitors('store-a', 'burst of planted text', 3, [minutesAgo(5), minutesAgo(1)], 6),
      // Found nothing: never suggested, however often it is searched.
      ...byVisitors('store-a', 'gift cards', 0, [daysAgo(3), daysAgo(1)], 6),
      // Older than the 30-day window.
      ...byVisitors('store-a', 'summer sale', 4, [daysAgo(40), daysAgo(31)], 6),
      {
        storeId: 'store-a',
        type: 'click',
        query: 'returns',
        resultCount: null,
        hitId: 'shipping',
        url: 'https://shop.example/shipping',
        visitor: 'clicker',
        searchKey: 'answer-1',
        at: daysAgo(0),
      },
      ...byVisitors('store-b', 'secret of store b', 3, [daysAgo(1), daysAgo(0.01)], 5),
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

  it('lists the queries several visitors searched over time that found results in the last 30 days, most visitors first', async () => {
    expect(await queriesOf('store-a')).toEqual([
      { query: 'free shipping', count: 4 },
      // Ties: the more recently searched first.
      { query: 'café menu', count: 3 },
      { query: 'pricing', count: 3 },
    ]);
  });

  it('never includes another store’s queries, and knows nothing of an unknown store', async () => {
    expect(await queriesOf('store-b')).toEqual([{ query: 'secret of store b', count: 5 }]);
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
