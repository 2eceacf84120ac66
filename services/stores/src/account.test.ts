import { strictObject } from 'zod/mini';
import type { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { type BaseServiceConfig, createServiceApp } from '@sniff/service-kit';
import {
  asInternal,
  asOwner,
  createTestDatabase,
  freePorts,
  testConfig,
  TestService,
} from '@sniff/service-kit/testing';
import { DEFAULT_WIDGET_SETTINGS, ownerDeletionCountsSchema, ownerStoresExportSchema } from '@sniff/contracts';
import { AnalyticsAppModule } from '../../analytics/src/app.module';
import { EventsService } from '../../analytics/src/events/events.service';
import { SearchAppModule } from '../../search/src/app.module';
import { SITE_DOCUMENTS } from '../../search/src/engine/fixtures';
import { SecretBox } from './secrets/secret-box';
import { startPlansBilling, startStores } from './testing/services';
import { startFixtureSite, type FixtureSite } from './testing/fixture-site';

/** A sibling on a fixed port, so it can be stopped and started again at the same address. */
async function startAt(root: Parameters<typeof createServiceApp>[0], config: BaseServiceConfig, port: number) {
  const app = await createServiceApp(root, config);
  await app.listen(port, '127.0.0.1');
  return app;
}

const SQUARESPACE_KEY = 'sq-api-key-that-must-never-leave-0123456789';
/** A pinned answer (custom Q&A) the owner saved with the store's search settings. */
const PINNED = {
  query: 'opening hours',
  variants: ['when are you open'],
  urls: [],
  answer: { text: 'Mon-Fri 9:00-17:00', url: 'https://shop.example/contact' },
};

/**
 * The account job's view of the stores service (billing calls these internal routes): export an
 * owner's stores without secrets, and delete them everywhere (search, analytics, here), with the
 * real search and analytics services on one database.
 */
describe('stores: an owner’s data for the account export and deletion', () => {
  let db: { url: string; drop(): Promise<void> };
  let sql: Client;
  let billing: TestService;
  let stores: TestService;
  let search: INestApplication | null = null;
  let analytics: INestApplication | null = null;
  let searchPort: number;
  let analyticsPort: number;
  let storesPort: number;
  let site: FixtureSite;
  const at = (port: number) => `http://127.0.0.1:${port}`;
  const searchConfig = () => ({
    ...testConfig(db.url),
    PORT: searchPort,
    STORES_URL: at(storesPort),
    BILLING_URL: billing.url,
    ANALYTICS_URL: at(analyticsPort),
  });
  const analyticsConfig = () => ({
    ...testConfig(db.url),
    PORT: analyticsPort,
    STORES_URL: at(storesPort),
    BILLING_URL: billing.url,
  });
  const startSearch = async () =>
    (search = await startAt(SearchAppModule.forRoot(searchConfig()), searchConfig(), searchPort));
  const startAnalytics = async () =>
    (analytics = await startAt(AnalyticsAppModule.forRoot(analyticsConfig()), analyticsConfig(), analyticsPort));

  const A1 = 'st_accountA1xxxxxxxxxxxx';
  const A2 = 'st_accountA2xxxxxxxxxxxx';
  const B1 = 'st_accountB1xxxxxxxxxxxx';

  const owners = (sub: string, method = 'GET') =>
    fetch(`${stores.url}/internal/owners/${encodeURIComponent(sub)}`, { method, headers: asInternal() });
  const exportOf = async (sub: string) => {
    const res = await owners(sub);
    expect(res.status).toBe(200);
    const text = await res.text();
    return { text, body: strictObject(ownerStoresExportSchema.shape).parse(JSON.parse(text)) };
  };
  const deleteOwner = async (sub: string) => {
    const res = await owners(sub, 'DELETE');
    expect(res.status).toBe(200);
    return ownerDeletionCountsSchema.parse(await res.json()).deleted;
  };
  const count = async (table: string, storeId: string) =>
    (await sql.query(`SELECT count(*)::int AS n FROM ${table} WHERE store_id = $1`, [storeId])).rows[0].n as number;
  /** Everything kept for a store in every service. */
  const footprint = async (storeId: string) => ({
    store: (await sql.query(`SELECT 1 FROM stores.stores WHERE id = $1`, [storeId])).rowCount,
    widgetSettings: await count('stores.widget_settings', storeId),
    searchSettings: await count('stores.search_settings', storeId),
    sourceItems: await count('stores.source_items', storeId),
    documents: await count('search.documents', storeId),
    snapshots: await count('search.index_snapshots', storeId),
    events: await count('analytics.search_events', storeId),
  });
  const WHOLE = { store: 1, widgetSettings: 1, searchSettings: 1, sourceItems: 2, events: 2 };
  const GONE = {
    store: 0,
    widgetSettings: 0,
    searchSettings: 0,
    sourceItems: 0,
    documents: 0,
    snapshots: 0,
    events: 0,
  };

  /** A store as the wizard leaves it: indexed in search, styled, tuned, with visitors' events in analytics. */
  const seedStore = async (id: string, owner: string, extra: { credential?: string; platform?: string } = {}) => {
    await sql.query(
      `INSERT INTO stores.stores (id, owner_sub, name, url, platform, store_type, status, page_urls, source, source_config, credential)
       VALUES ($1, $2, $3, 'https://shop.example', $4, 'business', 'done', '{https://shop.example}', $5, $6, $7)`,
      [
        id,
        owner,
        `Shop of ${owner}`,
        extra.platform ?? 'custom',
        extra.credential ? 'squarespace' : 'crawl',
        extra.credential ? { storeType: 'ecommerce', searchType: 'products', siteUrl: 'https://shop.example' } : {},
        extra.credential ?? null,
      ],
    );
    await sql.query(
      `INSERT INTO stores.source_items (store_id, key, document) VALUES ($1, 'https://shop.example/', $2), ($1, 'broken', '{}')`,
      [id, SITE_DOCUMENTS[0]],
    );
    let res = await fetch(`${at(searchPort)}/internal/stores/${id}/documents`, {
      method: 'PUT',
      headers: asInternal(),
      body: JSON.stringify({ documents: SITE_DOCUMENTS }),
    });
    expect(res.status).toBe(200);
    res = await fetch(`${stores.url}/stores/${id}/widget-settings`, {
      method: 'PUT',
      headers: asOwner(owner),
      body: JSON.stringify({
        email: `${owner}@example.com`,
        ...DEFAULT_WIDGET_SETTINGS,
        searchBarTextColor: '#112233',
      }),
    });
    expect(res.status).toBe(200);
    res = await fetch(`${stores.url}/stores/${id}/search-settings`, {
      method: 'PUT',
      headers: asOwner(owner),
      body: JSON.stringify({
        email: `${owner}@example.com`,
        synonyms: [{ kind: 'two-way', words: ['sofa', 'couch'] }],
        stopWords: ['the'],
        hiddenSuggestions: [],
        pins: [PINNED],
      }),
    });
    expect(res.status).toBe(200);
    const events = analytics!.get(EventsService);
    for (const query of ['pricing', 'shipping']) {
      const outcome = await events.record(
        {
          storeId: id,
          type: 'search',
          query,
          resultCount: 1,
          hitId: null,
          url: null,
          visitor: 'v',
          searchKey: randomUUID(),
          at: new Date().toISOString(),
        },
        randomUUID(),
      );
      expect(outcome).toBe('stored');
    }
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    sql = new Client({ connectionString: db.url });
    await sql.connect();
    [searchPort, analyticsPort, storesPort] = (await freePorts(3)) as [number, number, number];
    site = await startFixtureSite({ '/': { type: 'text/html', body: '<title>Bakery</title><h1>Bread</h1>' } });
    billing = await startPlansBilling(db.url, ['owner-a:busniess_starter_monthly', 'owner-b:busniess_starter_monthly']);
    await startSearch();
    await startAnalytics();
    stores = await startStores(
      db.url,
      {
        BILLING_URL: billing.url,
        SEARCH_URL: at(searchPort),
        ANALYTICS_URL: at(analyticsPort),
        FETCH_ALLOW_ORIGINS: [site.origin],
        SETTINGS_RETRY_DELAY_SECONDS: 1,
      },
      storesPort,
    );
    await seedStore(A1, 'owner-a');
    await seedStore(A2, 'owner-a', {
      credential: stores.app.get(SecretBox).seal(SQUARESPACE_KEY),
      platform: 'squarespace',
    });
    await seedStore(B1, 'owner-b');
    // "Connect with Shopify" begun and not finished, by each owner.
    for (const owner of ['owner-a', 'owner-b'])
      await sql.query(
        `INSERT INTO stores.shopify_connects (ticket_hash, browser_hash, owner_sub, shop, store_name, client_origin, expires_at)
         VALUES ($1, 'browser', $2, 'x.myshopify.com', 'X', 'http://localhost:8080', now() + interval '10 minutes')`,
        [`hash-${owner}`, owner],
      );
  });
  afterAll(async () => {
    await stores?.close();
    await search?.close();
    await analytics?.close();
    await billing?.close();
    await sql?.end();
    await site?.close();
    await db?.drop();
  });

  it('exports what the owner entered and chose, only their stores, and never a credential', async () => {
    const { text, body } = await exportOf('owner-a');
    expect(body.stores.map((s) => s.id)).toEqual([A1, A2]);
    expect(body.stores[0]).toMatchObject({
      name: 'Shop of owner-a',
      url: 'https://shop.example',
      platform: 'custom',
      source: 'crawl',
      connected: false,
      pageUrls: ['https://shop.example'],
      status: 'done',
      widgetSettings: { settings: { searchBarTextColor: '#112233' }, version: 1 },
      // The pages and products it indexes, as the privacy policy promises (issue 31); a half-synced item is left out.
      indexed: [SITE_DOCUMENTS[0]],
      searchSettings: {
        synonyms: [{ kind: 'two-way', words: ['sofa', 'couch'] }],
        stopWords: ['the'],
        // Pinned answers leave with the account too.
        pins: [PINNED],
      },
    });
    expect(body.stores[1]).toMatchObject({
      platform: 'squarespace',
      source: 'squarespace',
      sourceConfig: { storeType: 'ecommerce', searchType: 'products', siteUrl: 'https://shop.example' },
      connected: true,
    });
    // Neither the key nor its sealed form, and nothing of owner B.
    const sealed = (await sql.query(`SELECT credential FROM stores.stores WHERE id = $1`, [A2])).rows[0].credential;
    expect(sealed).toMatch(/^v1\./);
    for (const secret of [SQUARESPACE_KEY, sealed, 'credential', B1, 'owner-b']) expect(text).not.toContain(secret);
    expect((await exportOf('nobody')).body).toEqual({ stores: [] });
  });

  it('answers 403 without the internal token and 400 naming `sub` for a NUL', async () => {
    for (const method of ['GET', 'DELETE']) {
      expect((await fetch(`${stores.url}/internal/owners/owner-a`, { method })).status).toBe(403);
      const res = await fetch(`${stores.url}/internal/owners/owner-a%00`, { method, headers: asInternal() });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ field: 'sub' });
    }
    expect(await footprint(A1)).toMatchObject(WHOLE);
  });

  it('leaves every store whole while search is down (503), and deleting again finishes the job', async () => {
    await search!.close();
    search = null;
    try {
      const res = await owners('owner-a', 'DELETE');
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ message: expect.stringContaining('search service') });
      for (const id of [A1, A2, B1]) expect(await footprint(id)).toMatchObject(WHOLE);
    } finally {
      await startSearch();
    }
    for (const id of [A1, A2, B1]) expect(await count('search.documents', id)).toBeGreaterThan(0);
  });

  it('stops at the first store analytics cannot clear: the stores not reached stay whole', async () => {
    await analytics!.close();
    analytics = null;
    try {
      const res = await owners('owner-a', 'DELETE');
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ message: expect.stringContaining('analytics service') });
      // Search dropped the first store's index; its rows stay here so the retry finds it.
      expect(await footprint(A1)).toMatchObject({ ...WHOLE, documents: 0 });
      expect(await footprint(A2)).toMatchObject(WHOLE);
      expect(await count('search.documents', A2)).toBeGreaterThan(0);
    } finally {
      await startAnalytics();
    }
  });

  it("deletes the owner's stores everywhere, leaves another owner's intact, and a second call finds nothing", async () => {
    expect(await deleteOwner('owner-a')).toEqual({
      stores: 2,
      widgetSettings: 2,
      searchSettings: 2,
      sourceItems: 4,
      // Taken away by the first attempt, before any store.
      shopifyConnections: 0,
    });
    for (const id of [A1, A2]) expect(await footprint(id)).toEqual(GONE);
    expect((await sql.query(`SELECT owner_sub FROM stores.shopify_connects`)).rows).toEqual([{ owner_sub: 'owner-b' }]);
    // The widget stops answering.
    expect((await fetch(`${at(searchPort)}/v1/stores/${A1}/search?q=pricing`)).status).toBe(404);
    // Owner B's store, as it was.
    expect(await footprint(B1)).toMatchObject({ ...WHOLE, documents: SITE_DOCUMENTS.length });
    expect((await exportOf('owner-b')).body.stores.map((s) => s.id)).toEqual([B1]);

    const zeros = { stores: 0, widgetSettings: 0, searchSettings: 0, sourceItems: 0, shopifyConnections: 0 };
    expect(await deleteOwner('owner-a')).toEqual(zeros);
    expect(await deleteOwner('never-an-owner')).toEqual(zeros);
    expect((await exportOf('owner-a')).body).toEqual({ stores: [] });
  });

  it('creates no store for an owner once the account deletion took theirs, even for a call already under way', async () => {
    const create = () =>
      fetch(`${stores.url}/saas/create-website`, {
        method: 'POST',
        headers: asOwner('owner-c'),
        body: JSON.stringify({
          email: 'owner-c@example.com',
          platform: 'custom',
          store_name: 'Bakery',
          store_url: `${site.origin}/`,
        }),
      });
    const first = await create();
    expect(first.status).toBe(200);
    const { store_id: storeId } = (await first.json()) as { store_id: string };
    expect(await deleteOwner('owner-c')).toMatchObject({ stores: 1 });

    // The owner's token was still valid at a gateway that had not heard of the deletion yet.
    const late = await create();
    expect(late.status).toBe(403);
    expect(await late.json()).toMatchObject({ message: 'This account has been deleted' });
    expect((await sql.query(`SELECT id FROM stores.stores WHERE owner_sub = 'owner-c'`)).rows).toEqual([]);
    expect((await exportOf('owner-c')).body).toEqual({ stores: [] });
    expect(await footprint(storeId)).toEqual(GONE);
  });

  it("takes a single store's analytics with it when its owner deletes it", async () => {
    const post = (body: object) =>
      fetch(`${stores.url}/managestores/delete-store`, {
        method: 'POST',
        headers: asOwner('owner-b'),
        body: JSON.stringify({ email: 'owner-b@example.com', ...body }),
      });
    await analytics!.close();
    analytics = null;
    try {
      expect((await post({ store_id: B1 })).status).toBe(503);
      expect(await footprint(B1)).toMatchObject(WHOLE);
    } finally {
      await startAnalytics();
    }
    const res = await post({ store_id: B1 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: true, store_id: B1 });
    expect(await footprint(B1)).toEqual(GONE);
    expect(await deleteOwner('owner-b')).toEqual({
      stores: 0,
      widgetSettings: 0,
      searchSettings: 0,
      sourceItems: 0,
      shopifyConnections: 1,
    });
  });
});
