import { Client } from 'pg';
import { asOwner, createTestDatabase, TestService } from '@sniff/service-kit/testing';
import { SYNC_DUE_QUEUE } from './sync/sync.constants';
import { SyncService } from './sync/sync.service';
import { startPlansBilling, startStores } from './testing/services';
import type { StoresConfig } from './config';
import { SearchStub, startSearchStub } from './testing/search-stub';

jest.setTimeout(60_000);

/**
 * Scheduled re-syncs with two replicas of the stores service on one database: the schedule lives in
 * Postgres (it outlives any process), and a due store is synced once however many replicas look.
 */
describe('sync schedule across replicas', () => {
  let db: { url: string; drop(): Promise<void> };
  let billing: TestService;
  let search: SearchStub;
  let replicas: TestService[] = [];
  let sql: Client;

  beforeAll(async () => {
    db = await createTestDatabase();
    search = await startSearchStub();
    billing = await startPlansBilling(db.url, ['owner:starter']);
    const config: Partial<StoresConfig> = {
      BILLING_URL: billing.url,
      SEARCH_URL: search.url,
      ANALYTICS_URL: 'http://127.0.0.1:9',
      // Hourly: the test calls what the cron job runs itself, with both replicas at once.
      SYNC_SCHEDULE_CRON: '0 * * * *',
    };
    // One at a time: each runs the migrations at start.
    replicas = [await startStores(db.url, config)];
    replicas.push(await startStores(db.url, config));
    sql = new Client({ connectionString: db.url });
    await sql.connect();
  });
  afterAll(async () => {
    await sql?.end();
    for (const r of replicas) await r.close();
    await billing?.close();
    await search?.close();
    await db?.drop();
  });

  const puts = (id: string) =>
    search.calls.filter((c) => c.method === 'PUT' && c.path === `/internal/stores/${id}/documents`).length;
  const status = async (id: string) =>
    (await sql.query(`SELECT status, last_synced_at FROM stores.stores WHERE id = $1`, [id])).rows[0] as {
      status: string;
      last_synced_at: Date | null;
    };
  async function until(probe: () => Promise<boolean>, what: string) {
    const end = Date.now() + 30_000;
    while (!(await probe())) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it('keeps the schedule in Postgres, where a restarted or added replica finds it', async () => {
    const { rows } = await sql.query(`SELECT name, cron FROM pgboss.schedule WHERE name = $1`, [SYNC_DUE_QUEUE]);
    expect(rows).toEqual([{ name: SYNC_DUE_QUEUE, cron: '0 * * * *' }]);
  });

  it('syncs a due store once when both replicas look for due stores at the same moment', async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      email: 'owner@example.com',
      store_name: 'S',
      store_url: 'sched',
      platform: 'shopify',
    }))
      form.append(k, v);
    form.append('csv_file', new Blob(['name,price\nLantern,30\n'], { type: 'text/csv' }), 'c.csv');
    const { 'content-type': _json, ...headers } = asOwner('owner');
    const res = await fetch(`${replicas[0]!.url}/shopify/create-store-csv`, { method: 'POST', headers, body: form });
    const { store_id } = (await res.json()) as { store_id: string };
    await until(async () => (await status(store_id)).status === 'done', 'the first sync');
    const first = await status(store_id);
    expect(puts(store_id)).toBe(1);

    await sql.query(`UPDATE stores.stores SET next_sync_at = now() - interval '1 second' WHERE id = $1`, [store_id]);
    await Promise.all(replicas.map((r) => r.app.get(SyncService).sendDue()));
    await until(async () => {
      const s = await status(store_id);
      return s.status === 'done' && s.last_synced_at!.getTime() > first.last_synced_at!.getTime();
    }, 'the scheduled sync');
    // Give a second sync, had one been queued, time to run.
    await new Promise((r) => setTimeout(r, 2_500));
    expect(puts(store_id)).toBe(2);
  });
});
