import type { INestApplication } from '@nestjs/common';
import { createServiceApp } from '@sniff/service-kit';
import { asOwner, createTestDatabase, testConfig, TestService } from '@sniff/service-kit/testing';
import { DEFAULT_WIDGET_SETTINGS, type SearchResponse, type WidgetSettings } from '@sniff/contracts';
import { SearchAppModule } from '../../search/src/app.module';
import { startPlansBilling, startStores } from './testing/services';
import { FixtureSite, html, startFixtureSite } from './testing/fixture-site';
import { ownerApi, waitFor } from './testing/owner-api';

const PAID_LOOK: WidgetSettings = {
  ...DEFAULT_WIDGET_SETTINGS,
  size: 'large',
  searchBarTextColor: '#102030',
  searchBarBorderColor: '#aa0000',
  searchBarBackground: '#fffbe6',
  searchPlaceholder: 'Find a piece of furniture',
  maxTitleLength: 120,
};

/**
 * The owner API for a store's widget look, with the real billing and search services: the plan is
 * enforced on save, and a save reaches the widgets that mount next through the search API.
 */
describe('widget settings', () => {
  let db: { url: string; drop(): Promise<void> };
  let site: FixtureSite;
  let billing: TestService;
  let stores: TestService;
  let search: INestApplication;
  let searchUrl: string;
  let paidStore: string;
  let freeStore: string;
  const api = ownerApi(() => stores.url);

  const url = (id: string) => `${stores.url}/stores/${encodeURIComponent(id)}/widget-settings`;
  const get = (id: string, owner: string) => fetch(url(id), { headers: asOwner(owner) });
  const put = (id: string, owner: string, settings: object) =>
    fetch(url(id), {
      method: 'PUT',
      headers: asOwner(owner),
      body: JSON.stringify({ email: `${owner}@example.com`, ...settings }),
    });
  const saved = async (id: string, owner: string) => (await (await get(id, owner)).json()) as { version: number };
  /** What a widget mounting on a site gets: the blank query's answer. */
  const mounting = async (id: string) =>
    ((await (await fetch(`${searchUrl}/v1/stores/${id}/search?q=`)).json()) as SearchResponse).widget;

  const createStore = async (owner: string, path: string) => {
    const res = await api.post('/saas/create-website', owner, {
      platform: 'custom',
      store_name: owner,
      store_url: `${site.origin}${path}`,
      store_urls: [],
    });
    expect(res.status).toBe(200);
    const id = ((await res.json()) as { store_id: string }).store_id;
    await waitFor(
      async () => (await api.list<{ id: string; status: string }>(owner)).find((s) => s.id === id)?.status === 'done',
      `the store of ${owner} to be indexed`,
    );
    return id;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    site = await startFixtureSite({
      '/': html('Barn Furniture', '<h1>Barn Furniture</h1><p>Furniture for every room.</p>'),
      '/free/': html('Free shop', '<h1>Free shop</h1><p>Tables.</p>'),
    });
    billing = await startPlansBilling(db.url, ['paid-owner:busniess_starter_monthly']);
    const searchConfig = { ...testConfig(db.url), PORT: 0 };
    search = await createServiceApp(SearchAppModule.forRoot(searchConfig), searchConfig);
    await search.listen(0, '127.0.0.1');
    searchUrl = `http://127.0.0.1:${(search.getHttpServer().address() as { port: number }).port}`;
    stores = await startStores(db.url, {
      BILLING_URL: billing.url,
      SEARCH_URL: searchUrl,
      ANALYTICS_URL: 'http://127.0.0.1:9',
      FETCH_ALLOW_ORIGINS: [site.origin],
    });
    // search asks stores for a store's rules when a widget mounts
    await search.close();
    const wired = { ...searchConfig, STORES_URL: stores.url };
    search = await createServiceApp(SearchAppModule.forRoot(wired), wired);
    await search.listen(Number(new URL(searchUrl).port), '127.0.0.1');
    paidStore = await createStore('paid-owner', '/');
    freeStore = await createStore('free-owner', '/free/');
  });
  afterAll(async () => {
    await stores?.close();
    await search?.close();
    await billing?.close();
    await site?.close();
    await db?.drop();
  });

  it('has the defaults at version 0 until the owner saves', async () => {
    const res = await get(paidStore, 'paid-owner');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ settings: DEFAULT_WIDGET_SETTINGS, version: 0 });
  });

  it('saves a paid look and hands it to the next widget that mounts, without a new snippet', async () => {
    expect((await mounting(paidStore))?.saved).toBeUndefined(); // search now holds the store's rules
    const res = await put(paidStore, 'paid-owner', PAID_LOOK);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ settings: PAID_LOOK, version: 1 });
    expect(await (await get(paidStore, 'paid-owner')).json()).toEqual({ settings: PAID_LOOK, version: 1 });
    expect((await mounting(paidStore))?.saved).toEqual({ settings: PAID_LOOK, version: 1 });
    const again = await put(paidStore, 'paid-owner', { ...PAID_LOOK, rounded: false });
    expect(((await again.json()) as { version: number }).version).toBe(2);
  });

  it.each([
    ['maxTitleLength', { maxTitleLength: 5 }, 'Max Title Length must be 10 to 200'],
    ['maxTitleLength', { maxTitleLength: 201 }, 'Max Title Length must be 10 to 200'],
    ['maxDescriptionLength', { maxDescriptionLength: 19 }, 'Max Description Length must be 20 to 500'],
    ['maxDescriptionLength', { maxDescriptionLength: 501 }, 'Max Description Length must be 20 to 500'],
    ['searchBarTextColor', { searchBarTextColor: 'red' }, 'must be a colour like #666666'],
    ['searchBarBackground', { searchBarBackground: '#12345' }, 'must be a colour like #666666'],
    ['size', { size: 'giant' }, ''],
    ['displayFormat', { displayFormat: 'cards' }, 'Custom websites show results as a list'],
  ])('refuses a bad %s with a 400 naming it, and saves nothing', async (field, change, message) => {
    const before = await saved(paidStore, 'paid-owner');
    const res = await put(paidStore, 'paid-owner', { ...PAID_LOOK, ...change });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { field: string; message: string };
    expect(body.field).toBe(field);
    expect(body.message).toContain(message);
    expect(await saved(paidStore, 'paid-owner')).toEqual(before);
  });

  it('refuses a size above the plan and a placeholder from a free owner, naming the field', async () => {
    const large = await put(freeStore, 'free-owner', { ...DEFAULT_WIDGET_SETTINGS, size: 'large' });
    expect(large.status).toBe(403);
    expect(await large.json()).toMatchObject({ field: 'size' });
    const placeholder = await put(freeStore, 'free-owner', { ...DEFAULT_WIDGET_SETTINGS, searchPlaceholder: 'Hi' });
    expect(placeholder.status).toBe(403);
    expect(await placeholder.json()).toMatchObject({ field: 'searchPlaceholder' });
    expect((await saved(freeStore, 'free-owner')).version).toBe(0);
    // What the free plan allows is saved.
    const small = await put(freeStore, 'free-owner', { ...DEFAULT_WIDGET_SETTINGS, size: 'small' });
    expect(small.status).toBe(200);
  });

  it("answers 404 for another owner's store, and changes nothing", async () => {
    const before = await saved(paidStore, 'paid-owner');
    expect((await get(paidStore, 'free-owner')).status).toBe(404);
    expect((await put(paidStore, 'free-owner', DEFAULT_WIDGET_SETTINGS)).status).toBe(404);
    expect((await put('st_missing', 'paid-owner', DEFAULT_WIDGET_SETTINGS)).status).toBe(404);
    expect(await saved(paidStore, 'paid-owner')).toEqual(before);
  });
});
