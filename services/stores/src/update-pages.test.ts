import { Client } from 'pg';
import { asOwner, createTestDatabase, TestService } from '@sniff/service-kit/testing';
import { startPlansBilling, startStores } from './testing/services';
import { FixtureSite, html, startFixtureSite } from './testing/fixture-site';
import { ownerApi, waitFor } from './testing/owner-api';
import { SearchStub, startAnalyticsStub, startSearchStub } from './testing/search-stub';
import { SYNC_QUEUE } from './sync/sync.constants';

interface ListedStore {
  id: string;
  status: string;
  pages?: number;
  page_urls?: string[];
  last_synced_at?: string | null;
}

/** managestores/update-pages: a custom website's page list, edited in the Manage panel. */
describe('editing a custom website’s pages', () => {
  let db: { url: string; drop(): Promise<void> };
  let billing: TestService;
  let stores: TestService;
  let search: SearchStub;
  let analytics: SearchStub;
  let site: FixtureSite;
  let other: FixtureSite;

  beforeAll(async () => {
    db = await createTestDatabase();
    search = await startSearchStub();
    analytics = await startAnalyticsStub();
    site = await startFixtureSite({
      '/': html('Home', '<h1>Home</h1><p>Acme widgets for everyone.</p>'),
      '/a': html('Alpha', '<h1>Alpha</h1><p>The aardvark page.</p>'),
      '/b': html('Bravo', '<h1>Bravo</h1><p>The bison page.</p>'),
      '/c': html('Charlie', '<h1>Charlie</h1><p>The cheetah page.</p>'),
      '/d': html('Delta', '<h1>Delta</h1><p>The dolphin page.</p>'),
      // Never answers: a sync waits on it until the fetch times out (FETCH_TIMEOUT_MS).
      '/slow': { hang: true },
    });
    other = await startFixtureSite({ '/': html('Other', '<p>elsewhere</p>') });
    billing = await startPlansBilling(db.url, [
      'paid-owner:busniess_starter_monthly',
      'paid-owner:busniess_starter_yearly',
      'csv-owner:starter',
    ]);
    stores = await startStores(db.url, {
      BILLING_URL: billing.url,
      SEARCH_URL: search.url,
      ANALYTICS_URL: analytics.url,
      FETCH_ALLOW_ORIGINS: [site.origin, other.origin],
      INGEST_EXPIRE_SECONDS: 60,
      INGEST_RETRY_DELAY_SECONDS: 1,
      SETTINGS_RETRY_DELAY_SECONDS: 1,
      SYNC_NOW_INTERVAL_SECONDS: 0,
      FETCH_TIMEOUT_MS: 2_000,
    });
  });
  afterAll(async () => {
    await stores?.close();
    await billing?.close();
    for (const s of [search, analytics, site, other]) await s?.close();
    await db?.drop();
  });

  const { post, list } = ownerApi(() => stores.url);
  const storeOf = async (owner: string, id: string) => (await list<ListedStore>(owner)).find((s) => s.id === id);
  const create = (owner: string, main: string, others: string[] = []) =>
    post('/saas/create-website', owner, {
      store_url: main,
      store_urls: others,
      store_name: 'Site',
      platform: 'custom',
    });
  const update = (owner: string, store_id: string, store_urls: string[]) =>
    post('/managestores/update-pages', owner, { store_id, store_urls });
  /** Waits for a sync after `after` (the last_synced_at the store had) to finish. */
  const synced = (owner: string, id: string, after: string | null | undefined) =>
    waitFor(async () => {
      const s = await storeOf(owner, id);
      return s && (s.status === 'done' || s.status === 'failed') && s.last_synced_at !== after && s;
    }, `store ${id} to sync`);
  const indexed = (id: string) =>
    (
      search.calls.filter((c) => c.method === 'PUT' && c.path === `/internal/stores/${id}/documents`).at(-1)?.body as
        { documents: { url: string; body: string }[] } | undefined
    )?.documents ?? [];
  const fetchedSince = (mark: number) => site.requests.slice(mark).map((r) => r.path);
  const syncJobs = async (storeId: string) => {
    const sql = new Client({ connectionString: db.url });
    await sql.connect();
    try {
      const { rows } = await sql.query(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND singleton_key = $2`,
        [SYNC_QUEUE, storeId],
      );
      return rows[0].n as number;
    } finally {
      await sql.end();
    }
  };
  const p = (path: string) => `${site.origin}${path}`;

  let storeId: string;
  let lastSynced: string | null | undefined;

  beforeAll(async () => {
    const res = await create('paid-owner', p('/'), [p('/a')]);
    expect(res.status).toBe(200);
    storeId = (await res.json()).store_id;
    const done = await synced('paid-owner', storeId, undefined);
    expect(done).toMatchObject({ status: 'done', pages: 2, page_urls: [p('/'), p('/a')] });
    lastSynced = done.last_synced_at;
  });

  it('adds pages: only the new ones are fetched, and search gets the whole set', async () => {
    const mark = site.requests.length;
    const res = await update('paid-owner', storeId, [p('/a'), p('/b'), p('/c')]);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      store_id: storeId,
      page_urls: [p('/'), p('/a'), p('/b'), p('/c')],
      added: 2,
      removed: 0,
      status: 'queued',
    });
    const done = await synced('paid-owner', storeId, lastSynced);
    lastSynced = done.last_synced_at;
    expect(done).toMatchObject({ status: 'done', pages: 4, page_urls: [p('/'), p('/a'), p('/b'), p('/c')] });
    expect(fetchedSince(mark).sort()).toEqual(['/b', '/c']);
    const docs = indexed(storeId);
    expect(docs.map((d) => d.url)).toEqual([p('/'), p('/a'), p('/b'), p('/c')]);
    expect(docs.find((d) => d.url === p('/c'))?.body).toContain('cheetah');
  });

  it('removes a page: it drops out of search, and nothing is fetched', async () => {
    const mark = site.requests.length;
    const res = await update('paid-owner', storeId, [p('/a'), p('/c')]);
    expect(await res.json()).toMatchObject({ page_urls: [p('/'), p('/a'), p('/c')], added: 0, removed: 1 });
    const done = await synced('paid-owner', storeId, lastSynced);
    lastSynced = done.last_synced_at;
    expect(done).toMatchObject({ status: 'done', pages: 3 });
    expect(fetchedSince(mark)).toEqual([]);
    expect(indexed(storeId).map((d) => d.url)).toEqual([p('/'), p('/a'), p('/c')]);
    expect(indexed(storeId).some((d) => d.body.includes('bison'))).toBe(false);
  });

  it('answers an unchanged list (order, trailing slash, the main URL repeated) with 0 and 0, queueing nothing', async () => {
    const jobs = await syncJobs(storeId);
    const res = await update('paid-owner', storeId, [p('/c/'), p('/'), p('/a')]);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      store_id: storeId,
      page_urls: [p('/'), p('/a'), p('/c')],
      added: 0,
      removed: 0,
      status: 'done',
    });
    expect(await syncJobs(storeId)).toBe(jobs);
    expect((await storeOf('paid-owner', storeId))?.status).toBe('done');
  });

  it('still fetches every page on Sync now', async () => {
    const mark = site.requests.length;
    expect((await post('/managestores/sync-store', 'paid-owner', { store_id: storeId })).status).toBe(202);
    const done = await synced('paid-owner', storeId, lastSynced);
    lastSynced = done.last_synced_at;
    expect(fetchedSince(mark).sort()).toEqual(['/', '/a', '/c']);
  });

  it('accepts an edit while a sync runs: a sync queued behind it indexes the new list', async () => {
    const { store_id } = await (await create('paid-owner', p('/'), [p('/slow')])).json();
    await waitFor(async () => (await storeOf('paid-owner', store_id))?.status === 'running', 'the first sync to run');
    const res = await update('paid-owner', store_id, [p('/d')]);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ page_urls: [p('/'), p('/d')], added: 1, removed: 1, status: 'queued' });
    // The first sync ends (the slow page skipped), then the queued one indexes the new list.
    await waitFor(async () => {
      const docs = indexed(store_id).map((d) => d.url);
      return docs.length === 2 && docs[1] === p('/d');
    }, 'the new list to be indexed');
    expect(indexed(store_id).map((d) => d.url)).toEqual([p('/'), p('/d')]);
    await waitFor(async () => (await storeOf('paid-owner', store_id))?.status === 'done', 'the store to be done');
    await post('/managestores/delete-store', 'paid-owner', { store_id });
  });

  it("refuses more pages than the plan indexes with the plan's message, changing nothing", async () => {
    const { store_id } = await (await create('free-owner', p('/'), [p('/a')])).json();
    const before = await synced('free-owner', store_id, undefined);
    const jobs = await syncJobs(store_id);
    const res = await update('free-owner', store_id, [p('/a'), p('/b')]);
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe(
      'Free users can only select up to 2 pages. Please deselect some pages or upgrade your plan.',
    );
    expect(await storeOf('free-owner', store_id)).toMatchObject({ page_urls: before.page_urls, status: 'done' });
    expect(await syncJobs(store_id)).toBe(jobs);
    // Swapping one page for another stays within the limit.
    const swap = await update('free-owner', store_id, [p('/b')]);
    expect(await swap.json()).toMatchObject({ page_urls: [p('/'), p('/b')], added: 1, removed: 1 });
    await synced('free-owner', store_id, before.last_synced_at);
  });

  it("answers 404 for another owner's store or an unknown one, changing nothing", async () => {
    for (const [owner, id] of [
      ['intruder', storeId],
      ['paid-owner', 'st_nosuchstore'],
    ]) {
      const res = await update(owner!, id!, [p('/d')]);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Store not found' });
    }
    expect((await storeOf('paid-owner', storeId))?.page_urls).toEqual([p('/'), p('/a'), p('/c')]);
  });

  it('answers 409 for a store that is not a custom website (a CSV catalogue)', async () => {
    const form = new FormData();
    const fields = {
      email: 'csv-owner@example.com',
      store_name: 'Shop',
      store_url: 'Sniff CSV Shop',
      platform: 'shopify',
    };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('csv_file', new Blob(['name,description,price\nMug,A mug,5\n'], { type: 'text/csv' }), 'c.csv');
    const { 'content-type': _json, ...headers } = asOwner('csv-owner');
    const created = await fetch(`${stores.url}/shopify/create-store-csv/`, { method: 'POST', headers, body: form });
    expect(created.status).toBe(200);
    const { store_id } = await created.json();
    const res = await update('csv-owner', store_id, []);
    expect(res.status).toBe(409);
    expect((await res.json()).message).toMatch(/^This store reads its pages from its platform; /);
    expect((await storeOf('csv-owner', store_id))?.page_urls).toBeUndefined();
  });

  it('answers 422 naming the field for a page of another site, and 400 for a URL that is not one', async () => {
    const res = await update('paid-owner', storeId, [p('/a'), `${other.origin}/`]);
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      field: 'store_urls.1',
      message: expect.stringContaining('Every page must be on the same site as the main URL'),
    });
    // A metadata address is another site too (the same-site rule answers before the address is vetted).
    const blocked = await update('paid-owner', storeId, ['http://169.254.169.254/latest/meta-data/']);
    expect(blocked.status).toBe(422);
    expect(await blocked.json()).toMatchObject({ field: 'store_urls.0' });
    const invalid = await update('paid-owner', storeId, [p('/a'), 'not a url']);
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ field: 'store_urls.1' });
    expect((await storeOf('paid-owner', storeId))?.page_urls).toEqual([p('/'), p('/a'), p('/c')]);
  });
});
