import { randomUUID } from 'node:crypto';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RecordedSearchEvent, SEARCH_EVENTS_QUEUE } from '@sniff/contracts';
import { INTERNAL_TOKEN_HEADER, Queue } from '@sniff/service-kit';
import {
  asOwner,
  createTestDatabase,
  startTestService,
  testConfig,
  TestService,
  TEST_INTERNAL_TOKEN,
} from '@sniff/service-kit/testing';
import { DataSource } from 'typeorm';
import { AnalyticsAppModule } from './app.module';
import { EventsService } from './events/events.service';

/** Stand-in for the internal routes of stores (GET /internal/stores?owner=&url=) and billing (plans). */
const REGISTRY = [
  { id: 'store-a', owner: 'owner-1', url: 'https://shop.example' },
  { id: 'store-b', owner: 'owner-2', url: 'https://other.example' },
];

function startStoresStub(): Promise<{ url: string; server: Server; calls: string[] }> {
  const calls: string[] = [];
  const server = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://stub');
    calls.push(u.pathname + u.search);
    if (req.headers[INTERNAL_TOKEN_HEADER] !== TEST_INTERNAL_TOKEN) {
      res
        .writeHead(403, { 'content-type': 'application/json' })
        .end(JSON.stringify({ statusCode: 403, message: 'internal' }));
      return;
    }
    // Stand-in for billing's GET /internal/users/:sub/plans: owner-free has no plans.
    const plans = /^\/internal\/users\/([^/]+)\/plans$/.exec(u.pathname);
    if (plans) {
      const paid = plans[1] !== 'owner-free';
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ plans: paid ? [{ plan: 'busniess_starter_monthly', platform: 'custom' }] : [] }));
      return;
    }
    const owner = u.searchParams.get('owner');
    const url = u.searchParams.get('url');
    const rows = REGISTRY.filter((s) => s.owner === owner && s.url === url).map(({ id, url }) => ({ id, url }));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(rows));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, calls }),
    ),
  );
}

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
const search = (
  storeId: string,
  query: string,
  resultCount: number,
  at = new Date().toISOString(),
  visitor = `visitor-${randomUUID()}`,
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

/** Events one visitor may add per store and hour, in this test. */
const LIMIT = 12;

describe('analytics service', () => {
  let db: { url: string; drop(): Promise<void> };
  let svc: TestService;
  let stores: Awaited<ReturnType<typeof startStoresStub>>;

  const fetchPanel = async (panel: string, owner: string, url: string, days?: number) => {
    const res = await fetch(`${svc.url}/fetch/${panel}`, {
      method: 'POST',
      headers: asOwner(owner),
      body: JSON.stringify({ email: `${owner}@example.com`, url, ...(days ? { days } : {}) }),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { rows: { query: string; count?: number; timestamp?: string }[] };
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    stores = await startStoresStub();
    const config = {
      ...testConfig(db.url),
      STORES_URL: stores.url,
      BILLING_URL: stores.url,
      EVENTS_PER_VISITOR_HOUR: LIMIT,
    };
    svc = await startTestService(AnalyticsAppModule.forRoot(config), config);

    const queue = svc.app.get(Queue);
    const events: RecordedSearchEvent[] = [
      search('store-a', 'Pricing', 4, daysAgo(0.003)),
      search('store-a', 'pricing ', 4, daysAgo(0.002)),
      search('store-a', 'refund  policy', 0, daysAgo(0.001)),
      // Distinct times: events are taken from the queue in batches, not one by one in sending order.
      search('store-a', 'Refund Policy', 0, daysAgo(0.0005)),
      search('store-a', 'gift cards', 0),
      search('store-a', 'old query', 0, daysAgo(40)),
      {
        storeId: 'store-a',
        type: 'click',
        query: 'pricing',
        resultCount: null,
        hitId: 'p1',
        url: 'https://shop.example/pricing',
        visitor: 'visitor-click',
        searchKey: 'answer-1',
        at: daysAgo(0),
      },
      search('store-b', 'secret of owner two', 0),
    ];
    for (const e of events) await queue.send(SEARCH_EVENTS_QUEUE, e);
    // The worker picks the jobs up from the queue.
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
    await new Promise((r) => stores?.server.close(r));
    await db?.drop();
  });

  it('lists the search intents of the window, newest first, without clicks', async () => {
    const { rows } = await fetchPanel('timeseries', 'owner-1', 'https://shop.example');
    expect(rows.map((r) => r.query)).toEqual(['gift cards', 'Refund Policy', 'refund  policy', 'pricing', 'Pricing']);
    for (const r of rows) expect(Date.parse(r.timestamp!)).toBeGreaterThan(Date.now() - 60_000 * 10);
    const wider = await fetchPanel('timeseries', 'owner-1', 'https://shop.example', 90);
    expect(wider.rows.map((r) => r.query)).toContain('old query');
  });

  it('counts searches and zero-result searches per day of the range, days without searches as 0', async () => {
    const week = (await fetchPanel('daily', 'owner-1', 'https://shop.example', 7)).rows as unknown as {
      day: string;
      searches: number;
      zeroResults: number;
    }[];
    expect(week).toHaveLength(7);
    expect(week.at(-1)!.day).toBe(new Date().toISOString().slice(0, 10));
    // The last minutes' searches: today's, or just before midnight (UTC) yesterday's.
    const recent = week.slice(-2);
    expect(recent.reduce((sum, d) => sum + d.searches, 0)).toBe(5);
    expect(recent.reduce((sum, d) => sum + d.zeroResults, 0)).toBe(3);
    expect(week.slice(0, 5).every((d) => d.searches === 0)).toBe(true);
    const quarter = (await fetchPanel('daily', 'owner-1', 'https://shop.example', 90)).rows as unknown as {
      searches: number;
    }[];
    expect(quarter).toHaveLength(90);
    expect(quarter.reduce((sum, d) => sum + d.searches, 0)).toBe(6); // the 40-day-old search too
  });

  it('reports the click-through rate and the most clicked results', async () => {
    const res = await fetch(`${svc.url}/fetch/clicks`, {
      method: 'POST',
      headers: asOwner('owner-1'),
      body: JSON.stringify({ email: 'owner-1@example.com', url: 'https://shop.example', days: 30 }),
    });
    expect(await res.json()).toEqual({
      searches: 5,
      clicks: 1,
      rows: [{ url: 'https://shop.example/pricing', count: 1 }],
    });
  });

  it.each([[14], [0], ['many'], [[30]], ['3e1'], [true], [null], [30.5]])(
    'refuses a range of %p days with a 400 naming days',
    async (days) => {
      const res = await fetch(`${svc.url}/fetch/daily`, {
        method: 'POST',
        headers: asOwner('owner-1'),
        body: JSON.stringify({ email: 'owner-1@example.com', url: 'https://shop.example', days }),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        field: 'days',
        message: expect.stringContaining('days must be 7, 30 or 90'),
      });
    },
  );

  it('takes the range as its plain decimal text too', async () => {
    const res = await fetch(`${svc.url}/fetch/daily`, {
      method: 'POST',
      headers: asOwner('owner-1'),
      body: JSON.stringify({ email: 'owner-1@example.com', url: 'https://shop.example', days: '7' }),
    });
    expect(res.status).toBe(200);
    expect((await res.json()).rows).toHaveLength(7);
  });

  it('groups zero-result queries by their normalized form, most frequent first', async () => {
    const expected = [
      { query: 'refund policy', count: 2 },
      { query: 'gift cards', count: 1 },
    ];
    expect((await fetchPanel('zeroes', 'owner-1', 'https://shop.example')).rows).toEqual(expected);
    expect((await fetchPanel('top10-zeroes', 'owner-1', 'https://shop.example')).rows).toEqual(expected);
  });

  it('ranks the most searched queries', async () => {
    expect((await fetchPanel('top10', 'owner-1', 'https://shop.example')).rows).toEqual([
      // Ties: the more recently searched first.
      { query: 'refund policy', count: 2 },
      { query: 'pricing', count: 2 },
      { query: 'gift cards', count: 1 },
    ]);
  });

  const PANELS = ['timeseries', 'zeroes', 'top10', 'top10-zeroes', 'daily', 'clicks'];

  it.each(PANELS)(
    "fetch/%s answers 404 for a URL that is not the caller's own, never another's data",
    async (panel) => {
      const ask = (owner: string, url: string) =>
        fetch(`${svc.url}/fetch/${panel}`, {
          method: 'POST',
          headers: asOwner(owner),
          body: JSON.stringify({ email: `${owner}@example.com`, url, days: 90 }),
        });
      for (const [owner, url] of [
        ['owner-2', 'https://shop.example'], // owner-1's store
        ['owner-1', 'https://other.example'], // owner-2's store
        ['owner-1', 'https://nobody.example'], // no one's
      ] as const) {
        const res = await ask(owner, url);
        const text = await res.text();
        expect(res.status).toBe(404);
        expect(JSON.parse(text)).toMatchObject({ field: 'url', message: 'You have no store with this url' });
        expect(text).not.toMatch(/pricing|refund|secret|shop\.example|other\.example/i);
      }
      // Each owner still reads their own.
      for (const [owner, url] of [
        ['owner-1', 'https://shop.example'],
        ['owner-2', 'https://other.example'],
      ] as const) {
        expect((await ask(owner, url)).status).toBe(200);
      }
      expect(stores.calls).toContain(
        `/internal/stores?owner=owner-2&url=${encodeURIComponent('https://shop.example')}`,
      );
    },
  );

  it("shows owner two their own zero-result query and nothing of owner one's", async () => {
    expect((await fetchPanel('zeroes', 'owner-2', 'https://other.example')).rows).toEqual([
      { query: 'secret of owner two', count: 1 },
    ]);
  });

  it('refuses analytics to an owner without a paid plan', async () => {
    const res = await fetch(`${svc.url}/fetch/timeseries`, {
      method: 'POST',
      headers: asOwner('owner-free'),
      body: JSON.stringify({ email: 'owner-free@example.com', url: 'https://shop.example' }),
    });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe(
      'This feature is for upgraded plans. Please upgrade to use analytics and insights.',
    );
  });

  it("counts a retried job once, and a visitor's repeats of one answer once", async () => {
    const events = svc.app.get(EventsService);
    const e = search('store-a', 'duplicate me', 0);
    expect(await events.record(e, randomUUID())).toBe('stored');
    const retriedJob = randomUUID();
    expect(await events.record({ ...e, searchKey: 'other-answer' }, retriedJob)).toBe('stored');
    expect(await events.record({ ...e, searchKey: 'third-answer' }, retriedJob)).toBe('duplicate');
    // The same visitor sending the event about the same answer again (a replay).
    expect(await events.record(e, randomUUID())).toBe('duplicate');
    // Another visitor who got the same (cached) answer counts.
    expect(await events.record({ ...e, visitor: 'someone-else' }, randomUUID())).toBe('stored');
    const { rows } = await fetchPanel('zeroes', 'owner-1', 'https://shop.example');
    expect(rows.find((r) => r.query === 'duplicate me')).toEqual({ query: 'duplicate me', count: 3 });
  });

  it('takes at most EVENTS_PER_VISITOR_HOUR searches an hour from one visitor of a store', async () => {
    const events = svc.app.get(EventsService);
    const outcomes: string[] = [];
    for (let i = 0; i < LIMIT + 5; i++) {
      outcomes.push(await events.record(search('store-a', `flood ${i}`, 0, undefined, 'visitor-flood'), randomUUID()));
    }
    expect(outcomes.filter((o) => o === 'stored')).toHaveLength(LIMIT);
    expect(outcomes.slice(LIMIT)).toEqual(Array(5).fill('over-limit'));
    // Another store, or another visitor, is not affected.
    expect(await events.record(search('store-b', 'flood', 0, undefined, 'visitor-flood'), randomUUID())).toBe('stored');
    expect(await events.record(search('store-a', 'flood', 0), randomUUID())).toBe('stored');
    // An hour later the visitor may search again.
    const later = new Date(Date.now() + 61 * 60_000).toISOString();
    expect(await events.record(search('store-a', 'flood later', 0, later, 'visitor-flood'), randomUUID())).toBe(
      'stored',
    );
  });

  it('stores the good events of a batch and drops the one that is not an event', async () => {
    const queue = svc.app.get(Queue);
    const db = svc.app.get(DataSource);
    const batch = [
      search('store-c', 'good one', 1),
      // A result count no search can have (it comes from the signed answer, at most the limit).
      { ...search('store-c', 'huge', 1), resultCount: 3_000_000_000 },
      search('store-c', 'good two', 1),
    ];
    for (const e of batch) await queue.send(SEARCH_EVENTS_QUEUE, e);
    const stored = async () =>
      (
        (await db.query(`SELECT query FROM analytics.search_events WHERE store_id = 'store-c' ORDER BY query`)) as {
          query: string;
        }[]
      ).map((r) => r.query);
    const deadline = Date.now() + 20_000;
    while ((await stored()).length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(await stored()).toEqual(['good one', 'good two']);
    // No job is left to fail again.
    const boss = await queue.client();
    expect(await boss.getQueueSize(SEARCH_EVENTS_QUEUE)).toBe(0);
  });

  it('drops an event Postgres cannot store instead of retrying it forever', async () => {
    const events = svc.app.get(EventsService);
    expect(await events.record(search('store-c', 'nul \u0000 inside', 1), randomUUID())).toBe('malformed');
  });

  it('answers 400 naming the field for a NUL in a store id (Postgres cannot store it)', async () => {
    const res = await fetch(`${svc.url}/internal/stores/store-a%00/popular-queries`, {
      headers: { [INTERNAL_TOKEN_HEADER]: TEST_INTERNAL_TOKEN },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      message: 'storeId must not contain NUL characters or unpaired surrogates',
      field: 'storeId',
    });
  });

  it('rejects calls that did not come through the gateway and bad bodies', async () => {
    let res = await fetch(`${svc.url}/fetch/timeseries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'x@example.com', url: 'https://shop.example' }),
    });
    expect(res.status).toBe(403);
    res = await fetch(`${svc.url}/fetch/zeroes`, {
      method: 'POST',
      headers: asOwner('owner-1'),
      body: JSON.stringify({ email: 'a@b.c', url: '' }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).field).toBe('url');
    res = await fetch(`${svc.url}/fetch/top10`, {
      method: 'POST',
      headers: asOwner('owner-1'),
      body: JSON.stringify({ email: 'a@b.c', url: 'x', days: 0 }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).field).toBe('days');
  });
});
