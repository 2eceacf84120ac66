import { strictObject } from 'zod/mini';
import { randomUUID } from 'node:crypto';
import {
  ownerDeletionCountsSchema,
  type RecordedSearchEvent,
  SEARCH_EVENTS_QUEUE,
  storeEventsExportSchema,
} from '@sniff/contracts';
import { Queue } from '@sniff/service-kit';
import { asInternal, createTestDatabase, startTestService, testConfig, TestService } from '@sniff/service-kit/testing';
import { DataSource } from 'typeorm';
import { AnalyticsAppModule } from './app.module';
import { EventsService } from './events/events.service';

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
const event = (storeId: string, over: Partial<RecordedSearchEvent>): RecordedSearchEvent => ({
  storeId,
  type: 'search',
  query: 'pricing',
  resultCount: 3,
  hitId: null,
  url: null,
  visitor: `visitor-hash-${randomUUID()}`,
  searchKey: randomUUID(),
  at: new Date().toISOString(),
  ...over,
});

/** A store's events for the account export, and their deletion with the store or the account. */
describe('analytics: a store’s events for export and deletion', () => {
  let db: { url: string; drop(): Promise<void> };
  let svc: TestService;
  let events: EventsService;

  const exportOf = async (storeId: string, query = '') => {
    const res = await fetch(`${svc.url}/internal/stores/${storeId}/events${query}`, { headers: asInternal() });
    expect(res.status).toBe(200);
    return strictObject(storeEventsExportSchema.shape).parse(await res.json()).events;
  };
  const remove = async (storeId: string) => {
    const res = await fetch(`${svc.url}/internal/stores/${storeId}`, { method: 'DELETE', headers: asInternal() });
    expect(res.status).toBe(200);
    return ownerDeletionCountsSchema.parse(await res.json());
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    // Nothing here asks stores or billing.
    const config = { ...testConfig(db.url), STORES_URL: 'http://127.0.0.1:9', BILLING_URL: 'http://127.0.0.1:9' };
    svc = await startTestService(AnalyticsAppModule.forRoot(config), config);
    events = svc.app.get(EventsService);
    for (const e of [
      event('st_export_a', { query: 'Pricing', resultCount: 4, at: minutesAgo(3) }),
      event('st_export_a', { query: 'refund policy', resultCount: 0, at: minutesAgo(2) }),
      event('st_export_a', {
        type: 'click',
        query: 'pricing',
        resultCount: null,
        hitId: 'p1',
        url: 'https://shop.example/pricing',
        at: minutesAgo(1),
      }),
      event('st_export_b', { query: 'secret of the other store', at: minutesAgo(1) }),
    ])
      expect(await events.record(e, randomUUID())).toBe('stored');
  });
  afterAll(async () => {
    await svc?.close();
    await db?.drop();
  });

  it('exports the store’s events newest first, without who the visitors were, and only that store’s', async () => {
    const all = await exportOf('st_export_a');
    expect(all).toEqual([
      {
        type: 'click',
        query: 'pricing',
        at: expect.any(String),
        resultCount: null,
        url: 'https://shop.example/pricing',
      },
      { type: 'search', query: 'refund policy', at: expect.any(String), resultCount: 0, url: null },
      { type: 'search', query: 'Pricing', at: expect.any(String), resultCount: 4, url: null },
    ]);
    expect(JSON.stringify(all)).not.toContain('visitor-hash');
    expect(Date.parse(all[0]!.at)).toBeGreaterThan(Date.parse(all[1]!.at));
    expect((await exportOf('st_export_a', '?limit=2')).map((e) => e.query)).toEqual(['pricing', 'refund policy']);
    expect(await exportOf('st_unknown')).toEqual([]);
  });

  it('answers 400 naming `limit` outside 1..10000, and 403 without the internal token', async () => {
    for (const limit of ['0', '10001', 'ten', '1.5']) {
      const res = await fetch(`${svc.url}/internal/stores/st_export_a/events?limit=${limit}`, {
        headers: asInternal(),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ field: 'limit' });
    }
    expect((await fetch(`${svc.url}/internal/stores/st_export_a/events`)).status).toBe(403);
    expect((await fetch(`${svc.url}/internal/stores/st_export_a`, { method: 'DELETE' })).status).toBe(403);
    expect(await exportOf('st_export_a')).toHaveLength(3);
  });

  it('answers 400 naming the field for a NUL in a store id', async () => {
    for (const [method, path] of [
      ['GET', '/internal/stores/st_export_a%00/events'],
      ['DELETE', '/internal/stores/st_export_a%00'],
    ]) {
      const res = await fetch(`${svc.url}${path}`, { method, headers: asInternal() });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ field: 'storeId' });
    }
  });

  it('deletes every event of the store and only its, and a second delete finds nothing', async () => {
    expect(await remove('st_export_a')).toEqual({ deleted: { events: 3, zeroResultAlerts: 0 } });
    expect(await exportOf('st_export_a')).toEqual([]);
    expect((await exportOf('st_export_b')).map((e) => e.query)).toEqual(['secret of the other store']);
    expect(await remove('st_export_a')).toEqual({ deleted: { events: 0, zeroResultAlerts: 0 } });
    expect(await remove('st_never_existed')).toEqual({ deleted: { events: 0, zeroResultAlerts: 0 } });
  });

  it('drops an event of a deleted store that was still queued, instead of bringing its data back', async () => {
    expect(await events.record(event('st_export_a', { query: 'late' }), randomUUID())).toBe('store-deleted');
    // Through the queue as well, as the search service sends it: the job completes, nothing is stored.
    const queue = svc.app.get(Queue);
    const jobId = (await queue.send(SEARCH_EVENTS_QUEUE, event('st_export_a', { query: 'later' })))!;
    const boss = await queue.client();
    const deadline = Date.now() + 20_000;
    while ((await boss.getJobById(SEARCH_EVENTS_QUEUE, jobId))?.state !== 'completed') {
      if (Date.now() > deadline) throw new Error('the queued event was never handled');
      await new Promise((r) => setTimeout(r, 200));
    }
    const [{ n }] = await svc.app
      .get(DataSource)
      .query(`SELECT count(*)::int AS n FROM analytics.search_events WHERE store_id = $1`, ['st_export_a']);
    expect(n).toBe(0);
    // Another store's events are still taken.
    expect(await events.record(event('st_export_b', { query: 'still counted' }), randomUUID())).toBe('stored');
  });
});
