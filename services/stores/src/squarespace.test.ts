import { Client } from 'pg';
import { createTestDatabase, TestService } from '@sniff/service-kit/testing';
import { SyncService } from './sync/sync.service';
import { startPlansBilling, startStores } from './testing/services';
import { startSquarespace, type Provider } from './testing/providers';
import { ownerApi, waitFor } from './testing/owner-api';
import { SearchStub, startSearchStub } from './testing/search-stub';

jest.setTimeout(90_000);

const STORE_KEY = 'sqsp_demo_store_key';
const BLOG_KEY = 'sqsp_demo_blog_key';
const NO_PRODUCTS_KEY = 'sqsp_demo_noproducts_key';

interface ListedStore {
  id: string;
  status: string;
  status_reason: string | null;
  pages: number;
  source: string;
  skipped: { item: string; reason: string }[];
  skipped_count: number;
  progress: { done: number; total: number | null } | null;
  last_synced_at: string | null;
  next_sync_at: string | null;
}
interface PutDocuments {
  documents: { id: string; title: string; url: string; price?: number; imageUrl?: string; description: string }[];
}

describe('Squarespace stores', () => {
  let db: { url: string; drop(): Promise<void> };
  let billing: TestService;
  let stores: TestService;
  let search: SearchStub;
  let squarespace: Provider;
  let site: (id: string) => string;

  beforeAll(async () => {
    db = await createTestDatabase();
    search = await startSearchStub();
    squarespace = await startSquarespace({ cooldownSeconds: 1 });
    site = (id) => `${squarespace.url}/sites/${id}`;
    const owners = ['shop', 'blog', 'faults', 'crash', 'other', 'limits'];
    billing = await startPlansBilling(db.url, [
      ...owners.map((o) => `${o}:squarespace_basic_monthly`),
      'pro:squarespace_pro_monthly',
      'saas:busniess_starter_monthly',
    ]);
    stores = await startStores(db.url, {
      BILLING_URL: billing.url,
      SEARCH_URL: search.url,
      ANALYTICS_URL: 'http://127.0.0.1:9',
      FETCH_ALLOW_ORIGINS: [squarespace.url],
      SQUARESPACE_API_URL: squarespace.url,
      FETCH_TIMEOUT_MS: 1_500,
      INGEST_RETRY_DELAY_SECONDS: 1,
      INGEST_RETRY_LIMIT: 2,
      SETTINGS_RETRY_DELAY_SECONDS: 1,
      SYNC_NOW_INTERVAL_SECONDS: 60,
    });
  });
  afterAll(async () => {
    await stores?.close();
    await billing?.close();
    await search?.close();
    await squarespace?.stop();
    await db?.drop();
  });

  const sql = async (text: string, params: unknown[]) => {
    const client = new Client({ connectionString: db.url });
    await client.connect();
    try {
      return (await client.query(text, params)).rows;
    } finally {
      await client.end();
    }
  };
  const { post } = ownerApi(() => stores.url);
  const list = (owner: string) => ownerApi(() => stores.url).list<ListedStore>(owner);
  const storeOf = async (owner: string, id: string) => (await list(owner)).find((s) => s.id === id)!;
  const settled = (owner: string, id: string, after?: string) =>
    waitFor(async () => {
      const s = await storeOf(owner, id);
      return (s.status === 'done' || s.status === 'failed') && s.last_synced_at !== after && s;
    }, `store ${id} to settle`);
  const lastPut = (id: string) =>
    search.calls.filter((c) => c.method === 'PUT' && c.path === `/internal/stores/${id}/documents`).at(-1)?.body as
      PutDocuments | undefined;
  const puts = (id: string) =>
    search.calls.filter((c) => c.method === 'PUT' && c.path === `/internal/stores/${id}/documents`).length;
  const ecommerce = (owner: string, extra: object = {}) =>
    post('/square/create-store', owner, {
      store_name: 'Demo Goods',
      store_url: site('sniff-demo-goods'),
      platform: 'squarespace',
      store_type: 'ecommerce',
      developer_api_key: STORE_KEY,
      ...extra,
    });

  it('is refused without a paid Squarespace plan, naming the plans that allow it', async () => {
    for (const owner of ['free-owner', 'saas']) {
      const res = await ecommerce(owner);
      expect(res.status).toBe(403);
      expect((await res.json()).message).toBe(
        'A Squarespace search widget needs a paid Squarespace plan (Solo Basic or Solo Premium AI). Upgrade to connect it.',
      );
      expect(await list(owner)).toEqual([]);
    }
  });

  it('checks the form with the spec messages', async () => {
    const noKey = await ecommerce('other', { developer_api_key: '  ' });
    expect(noKey.status).toBe(400);
    expect(await noKey.json()).toMatchObject({
      field: 'developer_api_key',
      message: 'developer_api_key: Developer API Key is required.',
    });
    const badSitemap = await post('/square/create-blog-portfolio', 'other', {
      store_name: 'Journal',
      store_url: site('sniff-demo-journal'),
      platform: 'squarespace',
      store_type: 'blog',
      developer_api_key: BLOG_KEY,
      sitemap_url: 'not a url',
    });
    expect(await badSitemap.json()).toMatchObject({
      field: 'sitemap_url',
      message: 'sitemap_url: Invalid sitemap URL format.',
    });
    const wrongRoute = await ecommerce('other', { store_type: 'blog' });
    expect(wrongRoute.status).toBe(400);
    const realestate = await ecommerce('other', { store_type: 'realestate' });
    expect((await realestate.json()).field).toBe('store_type');
    expect(await list('other')).toEqual([]);
  });

  it('refuses a key Squarespace rejects, and one without products access, creating nothing', async () => {
    const rejected = await ecommerce('other', { developer_api_key: 'sqsp_wrong_key' });
    expect(rejected.status).toBe(422);
    expect(await rejected.json()).toMatchObject({
      field: 'developer_api_key',
      message: 'Squarespace rejected this Developer API Key. Check that you copied the whole key, or create a new one.',
    });
    const noScope = await ecommerce('other', { developer_api_key: NO_PRODUCTS_KEY });
    expect(noScope.status).toBe(422);
    expect((await noScope.json()).message).toMatch(/no read access to Products/);
    expect(await list('other')).toEqual([]);
  });

  it('refuses a sitemap on a private address before anything is created', async () => {
    const res = await post('/square/create-blog-portfolio', 'other', {
      store_name: 'Journal',
      store_url: site('sniff-demo-journal'),
      platform: 'squarespace',
      store_type: 'blog',
      developer_api_key: BLOG_KEY,
      sitemap_url: 'http://169.254.169.254/latest/meta-data/',
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      field: 'sitemap_url',
      message: expect.stringMatching(/link-local or metadata/),
    });
    expect(await list('other')).toEqual([]);
  });

  it('indexes an ecommerce store page by page: products with price, image, page and stock; hidden ones skipped with the reason', async () => {
    await squarespace.admin('DELETE', '/requests');
    const res = await ecommerce('shop');
    expect(res.status).toBe(200);
    const { store_id, platform, store_url } = await res.json();
    expect({ platform, store_url }).toEqual({ platform: 'squarespace', store_url: site('sniff-demo-goods') });
    const done = await settled('shop', store_id);
    expect(done).toMatchObject({ status: 'done', source: 'squarespace', pages: 312, skipped_count: 8, progress: null });
    expect(done.status_reason).toBe('8 of 320 items skipped: Hidden on the site, so not searchable');
    expect(done.skipped[0]).toEqual({ item: expect.any(String), reason: 'Hidden on the site, so not searchable' });
    expect(Date.parse(done.next_sync_at!) - Date.parse(done.last_synced_at!)).toBeGreaterThan(23.9 * 3_600_000);
    // Every page of the catalogue was read, following the cursor (the first one also checked the key).
    const requests = await squarespace.requests();
    expect(requests['/1.1/commerce/products']).toBe(1 + 7);
    const docs = lastPut(store_id)!.documents;
    expect(docs).toHaveLength(312);
    const mug = docs.find((d) => d.title === 'Handmade Ceramic Mug')!;
    expect(mug).toMatchObject({
      url: expect.stringMatching(new RegExp(`^${site('sniff-demo-goods')}/shop/p/`)),
      price: expect.any(Number),
      imageUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/cdn\/sniff-demo-goods\/.+\.svg$/),
    });
    expect(docs.filter((d) => d.description.startsWith('Sold out · ')).length).toBeGreaterThan(0);
  });

  it('keeps the key sealed: not in any answer, not as plain text in the database', async () => {
    const [store] = await list('shop');
    expect(JSON.stringify(store)).not.toContain(STORE_KEY);
    const [row] = await sql(`SELECT credential, to_jsonb(s)::text AS whole FROM stores.stores s WHERE id = $1`, [
      store!.id,
    ]);
    expect(row.credential).toMatch(/^v1\./);
    expect(row.whole).not.toContain(STORE_KEY);
  });

  it('finds a product added at Squarespace after "Sync now", and refuses a second press within the minute', async () => {
    const [store] = await list('shop');
    await squarespace.admin('POST', '/sites/sniff-demo-goods/products', {
      name: 'Speckled Stoneware Teapot',
      price: 48,
    });
    const res = await post('/managestores/sync-store', 'shop', { store_id: store!.id });
    expect(res.status).toBe(202);
    expect(await res.json()).toMatchObject({ store_id: store!.id, status: 'queued' });
    const again = await post('/managestores/sync-store', 'shop', { store_id: store!.id });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await again.json()).message).toMatch(/You can sync again in \d+ s/);
    const synced = await settled('shop', store!.id, store!.last_synced_at!);
    expect(synced.pages).toBe(313);
    expect(lastPut(store!.id)!.documents.map((d) => d.title)).toContain('Speckled Stoneware Teapot');
  });

  it("does not sync, nor show, another owner's store", async () => {
    const [store] = await list('shop');
    const res = await post('/managestores/sync-store', 'other', { store_id: store!.id });
    expect(res.status).toBe(404);
    expect(await list('other')).toEqual([]);
  });

  it('a blog on "Product Search Only" indexes its products and none of its posts', async () => {
    const res = await post('/square/create-blog-portfolio', 'limits', {
      store_name: 'Journal shop',
      store_nickname: 'Cookbooks',
      store_url: site('sniff-demo-journal'),
      platform: 'squarespace',
      store_type: 'blog',
      search_type: 'products',
      developer_api_key: BLOG_KEY,
    });
    expect(res.status).toBe(200);
    const { store_id } = await res.json();
    // The list carries the nickname the owner gave, for the dashboard to show.
    expect(await settled('limits', store_id)).toMatchObject({ status: 'done', nickname: 'Cookbooks' });
    const docs = lastPut(store_id)!.documents;
    expect(docs.length).toBeGreaterThan(0);
    expect(docs.filter((d) => !d.id.startsWith('sqsp-'))).toEqual([]);
    expect(docs.filter((d) => d.url.includes('/blog/'))).toEqual([]);
    await post('/managestores/delete-store', 'limits', { store_id, platform: 'squarespace' });
  });

  it('indexes a blog through its sitemap with its products (full), and reads only changed posts again', async () => {
    const res = await post('/square/create-blog-portfolio', 'blog', {
      store_name: 'Journal',
      store_url: site('sniff-demo-journal'),
      platform: 'squarespace',
      store_type: 'blog',
      search_type: 'full',
      developer_api_key: BLOG_KEY,
    });
    expect(res.status).toBe(200);
    const { store_id } = await res.json();
    const first = await settled('blog', store_id);
    expect(first.status).toBe('done');
    expect(first.skipped.map((s) => s.reason)).toEqual(
      first.skipped.map(() => 'Hidden on the site, so not searchable'),
    );
    const docs = lastPut(store_id)!.documents;
    expect(docs.filter((d) => d.url.includes('/blog/')).length).toBe(40);
    expect(docs.filter((d) => d.id.startsWith('sqsp-')).length).toBeGreaterThan(0);
    // A product page is indexed once, as the product, though the sitemap lists it too.
    expect(new Set(docs.map((d) => d.url)).size).toBe(docs.length);

    await squarespace.admin('DELETE', '/requests');
    await squarespace.admin('POST', '/sites/sniff-demo-journal/posts', {
      title: 'Foraging for Wild Garlic',
      body: 'Ramsons grow in damp woods.',
    });
    await post('/managestores/sync-store', 'blog', { store_id });
    const second = await settled('blog', store_id, first.last_synced_at!);
    expect(lastPut(store_id)!.documents.map((d) => d.title)).toContain('Foraging for Wild Garlic — Sniff Demo Journal');
    expect(second.pages).toBe(first.pages + 1);
    // Only the new post was fetched: the others' <lastmod> had not changed.
    const postPages = Object.entries(await squarespace.requests()).filter(([path]) => path.includes('/blog/'));
    expect(postPages).toEqual([[expect.stringContaining('foraging-for-wild-garlic'), 1]]);
  });

  it('waits out a 429 with Retry-After and a timed-out page during a sync, and completes', async () => {
    const res = await ecommerce('faults');
    expect(res.status).toBe(200);
    const { store_id } = await res.json();
    const first = await settled('faults', store_id);
    await squarespace.fault('rate-limit', 2, '/1.1/commerce/products');
    await squarespace.fault('timeout', 1, '/1.1/commerce/products');
    expect((await post('/managestores/sync-store', 'faults', { store_id })).status).toBe(202);
    const done = await settled('faults', store_id, first.last_synced_at!);
    expect(done).toMatchObject({ status: 'done', pages: first.pages });
  });

  it('fails with a reason the owner reads when the source keeps answering nonsense, and keeps the previous index', async () => {
    const [store] = await list('faults');
    const before = puts(store!.id);
    await squarespace.fault('malformed', 50, '/1.1/commerce/products');
    // "Sync now" was pressed moments ago: the scheduled sync, come due, is what runs here.
    await sql(`UPDATE stores.stores SET next_sync_at = now() - interval '1 second' WHERE id = $1`, [store!.id]);
    await stores.app.get(SyncService).sendDue();
    const failed = await waitFor(async () => {
      const s = await storeOf('faults', store!.id);
      return s.status === 'failed' && s;
    }, 'the sync to fail after its retries');
    expect(failed.status_reason).toBe('Squarespace answered with something that is not JSON. Retrying later.');
    // Nothing was handed to search: the widget keeps answering from the last good index.
    expect(puts(store!.id)).toBe(before);
    expect(failed.last_synced_at).not.toBeNull();
    await squarespace.admin('DELETE', '/faults');
  });

  it('fails with the reason when the source disappears mid-answer on every attempt', async () => {
    const [store] = await list('faults');
    const before = puts(store!.id);
    await squarespace.fault('disconnect', 50, '/1.1/commerce/products');
    await sql(`UPDATE stores.stores SET next_sync_at = now() - interval '1 second' WHERE id = $1`, [store!.id]);
    await stores.app.get(SyncService).sendDue();
    const failed = await waitFor(async () => {
      const s = await storeOf('faults', store!.id);
      return (
        s.status === 'failed' &&
        s.status_reason !== 'Squarespace answered with something that is not JSON. Retrying later.' &&
        s
      );
    }, 'the sync to fail');
    expect(failed.status_reason).toMatch(/^Could not reach http:\/\/127\.0\.0\.1:\d+: /);
    expect(puts(store!.id)).toBe(before);
    // A failed store is retried by the schedule, at its plan's interval.
    expect(Date.parse(failed.next_sync_at!)).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    await squarespace.admin('DELETE', '/faults');
  });

  it('re-syncs every 12 hours on Solo Premium AI, every 24 on Solo Basic', async () => {
    const res = await ecommerce('pro');
    const { store_id } = await res.json();
    const done = await settled('pro', store_id);
    const hours = (Date.parse(done.next_sync_at!) - Date.parse(done.last_synced_at!)) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThan(12.1);
  });
});
