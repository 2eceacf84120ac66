import type { INestApplication } from '@nestjs/common';
import { Client } from 'pg';
import { createServiceApp } from '@sniff/service-kit';
import {
  asInternal,
  asOwner,
  createTestDatabase,
  startTestService,
  testConfig,
  TestService,
} from '@sniff/service-kit/testing';
import { ALLOWED_SITE_MESSAGE, type SearchSettings } from '@sniff/contracts';
import { SearchAppModule } from '../../search/src/app.module';
import { AppModule } from './app.module';
import { STORES_CONFIG, type StoresConfig } from './config';
import { startPlansBilling, startStores } from './testing/services';
import { SyncService } from './sync/sync.service';
import { FixtureSite, html, startFixtureSite } from './testing/fixture-site';
import { SearchStub, startAnalyticsStub } from './testing/search-stub';

async function waitFor<T>(probe: () => Promise<T | undefined | false>, what: string, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The real search service on a fixed port, so it can be stopped and started again at the same address. */
async function startSearch(databaseUrl: string, port: number): Promise<{ app: INestApplication; url: string }> {
  // Every search checks the database (1 ms): what a test saves is read at once.
  const config = { ...testConfig(databaseUrl), PORT: port, SEARCH_REVALIDATE_MS: 1 };
  const app = await createServiceApp(SearchAppModule.forRoot(config), config);
  await app.listen(port, '127.0.0.1');
  return { app, url: `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}` };
}

/**
 * The owner API for a store's synonyms and stop words, with the real search service behind it:
 * saved settings reach search, survive search being down, and change what visitors find.
 */
describe('store search settings', () => {
  let db: { url: string; drop(): Promise<void> };
  let site: FixtureSite;
  let billing: TestService;
  let stores: TestService;
  let search: { app: INestApplication; url: string } | null = null;
  let analytics: SearchStub;
  let searchPort: number;
  let storeId: string;
  /** What search held for the store right after the creation call answered, before its first sync. */
  let heldAtCreation: { version: number; settings: SearchSettings };

  const settingsUrl = (id: string) => `${stores.url}/stores/${encodeURIComponent(id)}/search-settings`;
  const getSettings = (id: string, owner = 'paid-owner') => fetch(settingsUrl(id), { headers: asOwner(owner) });
  const putSettings = (id: string, body: unknown, owner = 'paid-owner') =>
    fetch(settingsUrl(id), {
      method: 'PUT',
      headers: asOwner(owner),
      // The dashboard's client adds the owner's e-mail to every body; the gateway checked it.
      body: JSON.stringify(
        body && typeof body === 'object' && !Array.isArray(body) ? { email: `${owner}@example.com`, ...body } : body,
      ),
    });
  const save = async (settings: SearchSettings) => {
    const res = await putSettings(storeId, settings);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(settings);
  };
  /** What the search service holds for the store (its internal API). */
  const searchHas = async (id = storeId) => {
    const res = await fetch(`http://127.0.0.1:${searchPort}/internal/stores/${id}/settings`, {
      headers: asInternal(),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { version: number; settings: SearchSettings };
  };
  /** The pages a visitor finds for `q`, by path. */
  const find = async (q: string) => {
    const res = await fetch(
      `http://127.0.0.1:${searchPort}/v1/stores/${storeId}/search?${new URLSearchParams({ q, limit: '10' })}`,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { hits: { url: string }[] };
    return body.hits.map((h) => new URL(h.url).pathname);
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    site = await startFixtureSite({
      '/': html('Barn Furniture', '<h1>Barn Furniture</h1><p>Furniture for every room.</p>'),
      '/couch': html('Leather couch', '<h1>Leather couch</h1><p>A three seat couch in brown leather.</p>'),
      '/laptop-stand': html('Laptop stand', '<h1>Laptop stand</h1><p>An aluminium stand for your laptop.</p>'),
      '/notebook-sleeve': html('Notebook sleeve', '<h1>Notebook sleeve</h1><p>A felt sleeve for your notebook.</p>'),
      '/guide': html('The buying guide', '<h1>The buying guide</h1><p>How we choose our wood.</p>'),
    });
    billing = await startPlansBilling(db.url, ['paid-owner:busniess_starter_monthly', 'shop-owner:starter']);
    search = await startSearch(db.url, 0);
    analytics = await startAnalyticsStub();
    searchPort = Number(new URL(search.url).port);
    stores = await startStores(db.url, {
      BILLING_URL: billing.url,
      SEARCH_URL: search.url,
      ANALYTICS_URL: analytics.url,
      FETCH_ALLOW_ORIGINS: [site.origin],
      INGEST_EXPIRE_SECONDS: 60,
      INGEST_RETRY_DELAY_SECONDS: 1,
      SETTINGS_RETRY_DELAY_SECONDS: 1,
    });

    const res = await fetch(`${stores.url}/saas/create-website`, {
      method: 'POST',
      headers: asOwner('paid-owner'),
      body: JSON.stringify({
        email: 'paid-owner@example.com',
        platform: 'custom',
        store_name: 'Barn',
        store_url: `${site.origin}/`,
        store_urls: ['/couch', '/laptop-stand', '/notebook-sleeve', '/guide'].map((p) => site.origin + p),
      }),
    });
    expect(res.status).toBe(200);
    storeId = ((await res.json()) as { store_id: string }).store_id;
    heldAtCreation = await searchHas();
    await waitFor(async () => {
      const list = (await (
        await fetch(`${stores.url}/managestores/list-stores`, {
          method: 'POST',
          headers: asOwner('paid-owner'),
          body: JSON.stringify({ email: 'paid-owner@example.com' }),
        })
      ).json()) as { id: string; status: string }[];
      return list.find((s) => s.id === storeId)?.status === 'done';
    }, 'the store to be indexed');
  });
  afterAll(async () => {
    await stores?.close();
    await search?.app.close();
    await analytics?.close();
    await billing?.close();
    await site?.close();
    await db?.drop();
  });

  it('allows only the store’s own site from its creation on, and search has that before the first sync', async () => {
    const own = { synonyms: [], stopWords: [], hiddenSuggestions: [], allowedSites: ['127.0.0.1'], pins: [] };
    const res = await getSettings(storeId);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(own);
    expect(heldAtCreation).toEqual({ storeId, version: 1, settings: own });
  });

  it('allows a Shopify catalogue store its myshopify.com host', async () => {
    const form = new FormData();
    const fields = { email: 'shop-owner@example.com', store_name: 'Outfitters', store_url: 'Sniff CSV Shop' };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('platform', 'shopify');
    const csv = 'name,description,price,category,image_url\nMug,A mug,12,,\n';
    form.append('csv_file', new Blob([csv], { type: 'text/csv' }), 'catalogue.csv');
    const { 'content-type': _json, ...headers } = asOwner('shop-owner');
    const res = await fetch(`${stores.url}/shopify/create-store-csv/`, { method: 'POST', headers, body: form });
    expect(res.status).toBe(200);
    const { store_id: id, store_url: url } = (await res.json()) as { store_id: string; store_url: string };
    expect(url).toBe('https://sniff-csv-shop.myshopify.com');
    const own = {
      synonyms: [],
      stopWords: [],
      hiddenSuggestions: [],
      allowedSites: ['sniff-csv-shop.myshopify.com'],
      pins: [],
    };
    expect(await searchHas(id)).toEqual({ storeId: id, version: 1, settings: own });
    expect(await (await getSettings(id, 'shop-owner')).json()).toEqual(own);
  });

  it('saves the allowed sites an owner typed as hosts, once each, and hands them to search', async () => {
    const res = await putSettings(storeId, {
      synonyms: [],
      stopWords: [],
      allowedSites: ['https://Shop.Example.com/cart', 'localhost:8095', 'shop.example.com', '127.0.0.1'],
    });
    expect(res.status).toBe(200);
    const allowedSites = ['shop.example.com', 'localhost:8095', '127.0.0.1'];
    const saved = { synonyms: [], stopWords: [], hiddenSuggestions: [], allowedSites, pins: [] };
    expect(await res.json()).toEqual(saved);
    expect(await (await getSettings(storeId)).json()).toEqual(saved);
    expect(await searchHas()).toMatchObject({ version: 2, settings: { allowedSites } });
  });

  it.each([
    ['a wildcard', ['*.example.com'], 'allowedSites.0', 'write example.com: subdomains are always included'],
    ['a path alone', ['example.com', '/shop'], 'allowedSites.1', ALLOWED_SITE_MESSAGE],
    ['an empty entry', ['example.com', ' '], 'allowedSites.1', 'an allowed site must not be empty'],
    ['21 sites', Array.from({ length: 21 }, (_, i) => `s${i}.example.com`), 'allowedSites', 'at most 20 allowed sites'],
  ])(
    'answers 400 naming allowedSites for %s, and changes nothing here or in search',
    async (_w, sites, field, message) => {
      const before = await (await getSettings(storeId)).json();
      const held = await searchHas();
      const res = await putSettings(storeId, { synonyms: [], stopWords: ['the'], allowedSites: sites });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        field,
        message: `${field}: ${message}`,
      });
      expect(await (await getSettings(storeId)).json()).toEqual(before);
      expect(await searchHas()).toEqual(held);
    },
  );

  it('saves the settings, returns them and hands them to the search service', async () => {
    const settings: SearchSettings = {
      synonyms: [
        { kind: 'two-way', words: ['sofa', 'couch', 'settee'] },
        { kind: 'one-way', from: 'laptop', to: ['notebook'] },
      ],
      stopWords: [],
      hiddenSuggestions: [],
      allowedSites: [],
      pins: [],
    };
    await save(settings);
    expect(await (await getSettings(storeId)).json()).toEqual(settings);
    expect(await searchHas()).toMatchObject({ version: 3, settings });
  });

  // Waits for the new engine: the MiniSearch one ignores the rules.
  it('finds a page by a two-way synonym, from every word of the group', async () => {
    expect(await find('sofa')).toContain('/couch');
    expect(await find('settee')).toContain('/couch');
    expect((await find('couch'))[0]).toBe('/couch');
  });

  // Waits for the new engine.
  it('applies a one-way synonym in its direction only', async () => {
    const laptop = await find('laptop');
    expect(laptop).toContain('/laptop-stand');
    expect(laptop).toContain('/notebook-sleeve');
    const notebook = await find('notebook');
    expect(notebook).toContain('/notebook-sleeve');
    expect(notebook).not.toContain('/laptop-stand');
  });

  // Waits for the new engine.
  it('drops stop words from a query, unless every word is one', async () => {
    expect(await find('the couch')).toContain('/guide');
    await save({ synonyms: [], stopWords: ['the'], hiddenSuggestions: [], allowedSites: [], pins: [] });
    expect(await find('the couch')).toEqual(['/couch']);
    expect(await find('the')).toContain('/guide');
  });

  it('replaces all the settings on every save', async () => {
    const settings: SearchSettings = {
      synonyms: [{ kind: 'one-way', from: 'chair', to: ['stool'] }],
      stopWords: [],
      hiddenSuggestions: [],
      allowedSites: [],
      pins: [],
    };
    await save(settings);
    expect(await (await getSettings(storeId)).json()).toEqual(settings);
    expect(await searchHas()).toMatchObject({ settings });
    // Waits for the new engine: with the sofa rule gone, "sofa" finds nothing again.
    expect(await find('sofa')).toEqual([]);
  });

  const NOT_A_WORD = 'each entry must be a single word of letters or digits';
  it.each([
    ['a stop word of two words', { stopWords: ['two words'] }, 'stopWords.0', NOT_A_WORD],
    ['an empty stop word', { stopWords: [' '] }, 'stopWords.0', 'words must not be empty'],
    ['201 stop words', { stopWords: Array.from({ length: 201 }, (_, i) => `w${i}`) }, 'stopWords', 'at most 200'],
    ['a two-way rule of one word', { synonyms: [{ kind: 'two-way', words: ['sofa'] }] }, 'synonyms.0.words', ''],
    [
      'a hyphenated word',
      { synonyms: [{ kind: 'one-way', from: 'phone', to: ['i-phone'] }] },
      'synonyms.0.to.0',
      NOT_A_WORD,
    ],
    ['an unknown kind of rule', { synonyms: [{ kind: 'both-ways', words: ['a', 'b'] }] }, 'synonyms.0.kind', ''],
    ['synonyms that are not a list', { synonyms: 'sofa=couch' }, 'synonyms', ''],
  ])('answers 400 naming the field for %s, and keeps the saved settings', async (_what, body, field, message) => {
    const before = await (await getSettings(storeId)).json();
    const res = await putSettings(storeId, body);
    expect(res.status).toBe(400);
    const error = (await res.json()) as { field: string; message: string };
    expect(error.field).toBe(field);
    expect(error.message).toContain(`${field}: ${message}`);
    expect(await (await getSettings(storeId)).json()).toEqual(before);
  });

  it('answers 400 for a body that is not a JSON object', async () => {
    expect((await putSettings(storeId, ['sofa'])).status).toBe(400);
    const res = await fetch(settingsUrl(storeId), {
      method: 'PUT',
      headers: asOwner('paid-owner'),
      body: '{"synonyms":',
    });
    expect(res.status).toBe(400);
  });

  it("answers 404 for another owner's store or an unknown one, and changes nothing", async () => {
    const before = await searchHas();
    for (const res of [
      await getSettings(storeId, 'intruder'),
      await putSettings(storeId, { stopWords: ['hacked'] }, 'intruder'),
      await getSettings('st_nosuchstore'),
      await putSettings('st_nosuchstore', { stopWords: ['the'] }),
    ]) {
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Store not found' });
    }
    expect(await searchHas()).toEqual(before);
    expect((await searchHas('st_nosuchstore')).version).toBe(0);
  });

  it('answers 400 naming the field for a NUL in the store id (Postgres cannot store it)', async () => {
    for (const res of [
      await getSettings(`${storeId}\u0000`),
      await putSettings(`${storeId}\u0000`, { stopWords: ['the'] }),
    ]) {
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'id must not contain NUL characters or unpaired surrogates',
        field: 'id',
      });
    }
  });

  it('is reachable only through the gateway', async () => {
    expect((await fetch(settingsUrl(storeId))).status).toBe(403);
    expect((await fetch(settingsUrl(storeId), { method: 'PUT', body: '{}' })).status).toBe(403);
  });

  it('keeps a save made while the search service is down and applies it once search is back', async () => {
    await search!.app.close();
    search = null;
    const settings: SearchSettings = {
      synonyms: [{ kind: 'two-way', words: ['sofa', 'couch'] }],
      stopWords: ['the'],
      hiddenSuggestions: [],
      allowedSites: [],
      pins: [],
    };
    await save(settings);
    expect(await (await getSettings(storeId)).json()).toEqual(settings);

    search = await startSearch(db.url, searchPort);
    const applied = await waitFor(async () => {
      const held = await searchHas();
      return held.settings.stopWords.length > 0 && held;
    }, 'the queued push to reach the search service');
    expect(applied.settings).toEqual(settings);
    // Waits for the new engine.
    expect(await find('sofa')).toContain('/couch');
  });

  it('pushes the settings again when the store is re-indexed (a search database that lost them)', async () => {
    const sql = new Client({ connectionString: db.url });
    await sql.connect();
    try {
      await sql.query(`DELETE FROM search.store_settings WHERE store_id = $1`, [storeId]);
      expect((await searchHas()).version).toBe(0);
      await stores.app.get(SyncService).enqueue(storeId);
      const held = await waitFor(async () => {
        const s = await searchHas();
        return s.version > 0 && s;
      }, 'the re-index to push the settings');
      expect(held.settings).toEqual({
        synonyms: [{ kind: 'two-way', words: ['sofa', 'couch'] }],
        stopWords: ['the'],
        hiddenSuggestions: [],
        allowedSites: [],
        pins: [],
      });
    } finally {
      await sql.end();
    }
  });

  it('pushes a save that was never confirmed when the stores service starts (it stopped before it could)', async () => {
    const sql = new Client({ connectionString: db.url });
    await sql.connect();
    try {
      // As if the process stopped right after committing a save: owed to search, no job queued.
      await sql.query(`UPDATE stores.search_settings SET pushed_version = 0 WHERE store_id = $1`, [storeId]);
      await sql.query(`DELETE FROM search.store_settings WHERE store_id = $1`, [storeId]);
      const config = stores.app.get<StoresConfig>(STORES_CONFIG);
      const restarted = await startTestService(AppModule.forRoot(config), config);
      try {
        const held = await waitFor(async () => {
          const s = await searchHas();
          return s.version > 0 && s;
        }, 'the owed push after start-up');
        expect(held.settings.stopWords).toEqual(['the']);
        // ...and it is recorded as confirmed, so it is not pushed again at the next start.
        await waitFor(async () => {
          const { rows } = await sql.query(
            `SELECT version = pushed_version AS confirmed FROM stores.search_settings WHERE store_id = $1`,
            [storeId],
          );
          return rows[0].confirmed === true;
        }, 'the push to be recorded');
      } finally {
        await restarted.close();
      }
    } finally {
      await sql.end();
    }
  });

  it('deletes the settings with the store', async () => {
    const res = await fetch(`${stores.url}/managestores/delete-store`, {
      method: 'POST',
      headers: asOwner('paid-owner'),
      body: JSON.stringify({ email: 'paid-owner@example.com', store_id: storeId }),
    });
    expect(res.status).toBe(200);
    expect((await getSettings(storeId)).status).toBe(404);
    expect((await searchHas()).version).toBe(0);
  });
});
