import type { INestApplication } from '@nestjs/common';
import { createServiceApp } from '@sniff/service-kit';
import { asOwner, createTestDatabase, testConfig, TestService } from '@sniff/service-kit/testing';
import type { Pin, SearchResponse, SearchSettings } from '@sniff/contracts';
import { SearchAppModule } from '../../search/src/app.module';
import { startPlansBilling, startStores } from './testing/services';
import { SyncService } from './sync/sync.service';
import { FixtureRoute, FixtureSite, html, startFixtureSite } from './testing/fixture-site';
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

/**
 * Pinned answers end to end through the services: the owner saves pins with the store's search
 * settings (stores service), and the real search service puts the pinned pages first for the query
 * and its variants, marked, resolved by URL at query time.
 */
describe('pinned answers', () => {
  let db: { url: string; drop(): Promise<void> };
  let site: FixtureSite;
  let routes: Record<string, FixtureRoute>;
  let billing: TestService;
  let stores: TestService;
  let search: INestApplication;
  let searchUrl: string;
  let analytics: SearchStub;
  let storeId: string;
  let otherStoreId: string;

  const page = (path: string) => `${site.origin}${path}`;
  const settingsUrl = (id: string) => `${stores.url}/stores/${encodeURIComponent(id)}/search-settings`;
  const putSettings = (id: string, body: Partial<SearchSettings>, owner = 'paid-owner') =>
    fetch(settingsUrl(id), {
      method: 'PUT',
      headers: asOwner(owner),
      body: JSON.stringify({ email: `${owner}@example.com`, ...body }),
    });
  const savePins = async (pins: Partial<Pin>[]) => {
    const res = await putSettings(storeId, { allowedSites: [], pins: pins as Pin[] });
    expect(res.status).toBe(200);
  };
  /** The visitor's search, as the widget asks it. */
  const visitor = async (q: string, limit = 10): Promise<SearchResponse> => {
    const res = await fetch(
      `${searchUrl}/v1/stores/${storeId}/search?${new URLSearchParams({ q, limit: `${limit}` })}`,
    );
    expect(res.status).toBe(200);
    return (await res.json()) as SearchResponse;
  };
  const paths = (r: SearchResponse) => r.hits.map((h) => new URL(h.url).pathname);
  const createStore = async (owner: string, pagePaths: string[]) => {
    const res = await fetch(`${stores.url}/saas/create-website`, {
      method: 'POST',
      headers: asOwner(owner),
      body: JSON.stringify({
        email: `${owner}@example.com`,
        platform: 'custom',
        store_name: `Shop of ${owner}`,
        store_url: `${site.origin}/`,
        store_urls: pagePaths.map(page),
      }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { store_id: string }).store_id;
  };
  const indexed = (owner: string, id: string, after = 0) =>
    waitFor(async () => {
      const list = (await (
        await fetch(`${stores.url}/managestores/list-stores`, {
          method: 'POST',
          headers: asOwner(owner),
          body: JSON.stringify({ email: `${owner}@example.com` }),
        })
      ).json()) as { id: string; status: string; last_synced_at?: string | null }[];
      const s = list.find((x) => x.id === id);
      return s?.status === 'done' && (!after || (s.last_synced_at && Date.parse(s.last_synced_at) > after));
    }, 'the store to be indexed');

  beforeAll(async () => {
    db = await createTestDatabase();
    routes = {
      '/': html('Tea House', '<h1>Tea House</h1><p>Teas from every garden.</p>'),
      '/returns': html('Returns and refunds', '<h1>Returns and refunds</h1><p>Send back within 30 days.</p>'),
      '/green-tea': html('Green tea sampler', '<h1>Green tea sampler</h1><p>Five green teas to try.</p>'),
      '/green-cups': html('Green tea cups', '<h1>Green tea cups</h1><p>Glazed cups for green tea.</p>'),
      '/gift-card': html('Gift card', '<h1>Gift card</h1><p>A card for tea lovers.</p>'),
    };
    site = await startFixtureSite(routes);
    billing = await startPlansBilling(db.url, ['paid-owner:starter', 'other-owner:starter']);
    const searchConfig = { ...testConfig(db.url), PORT: 0, SEARCH_REVALIDATE_MS: 1 };
    search = await createServiceApp(SearchAppModule.forRoot(searchConfig), searchConfig);
    await search.listen(0, '127.0.0.1');
    searchUrl = `http://127.0.0.1:${(search.getHttpServer().address() as { port: number }).port}`;
    analytics = await startAnalyticsStub();
    stores = await startStores(db.url, {
      BILLING_URL: billing.url,
      SEARCH_URL: searchUrl,
      ANALYTICS_URL: analytics.url,
      FETCH_ALLOW_ORIGINS: [site.origin],
      INGEST_EXPIRE_SECONDS: 60,
      INGEST_RETRY_DELAY_SECONDS: 1,
      SETTINGS_RETRY_DELAY_SECONDS: 1,
    });
    storeId = await createStore('paid-owner', ['/returns', '/green-tea', '/green-cups', '/gift-card']);
    otherStoreId = await createStore('other-owner', ['/gift-card']);
    await indexed('paid-owner', storeId);
    await indexed('other-owner', otherStoreId);
  });
  afterAll(async () => {
    await stores?.close();
    await search?.close();
    await analytics?.close();
    await billing?.close();
    await site?.close();
    await db?.drop();
  });

  it('puts the pinned pages first, marked, in the owner’s order, and never twice', async () => {
    expect(paths(await visitor('green tea'))[0]).not.toBe('/gift-card');
    await savePins([{ query: 'green tea', urls: [page('/gift-card'), page('/green-cups')] }]);
    const answer = await visitor('green tea');
    expect(paths(answer).slice(0, 2)).toEqual(['/gift-card', '/green-cups']);
    expect(answer.hits.slice(0, 2).map((h) => h.pinned)).toEqual([true, true]);
    expect(answer.hits[0].title).toBe('Gift card');
    expect(answer.hits.slice(2).every((h) => !h.pinned)).toBe(true);
    expect(paths(answer)).toContain('/green-tea');
    expect(paths(answer).filter((p) => p === '/green-cups')).toHaveLength(1);
    // The widget's limit holds, pinned pages included.
    expect(paths(await visitor('green tea', 1))).toEqual(['/gift-card']);
    // Another query is not pinned.
    expect((await visitor('green')).hits.some((h) => h.pinned)).toBe(false);
  });

  it('matches the query and its variants whatever their case, accents and spacing', async () => {
    await savePins([{ query: 'Refund', variants: ['money back', 'Rückgabe'], urls: [page('/gift-card')] }]);
    for (const q of ['refund', '  REFUND ', 'Money   Back', 'ruckgabe', 'money-back']) {
      const answer = await visitor(q);
      expect([q, paths(answer)[0], answer.hits[0]?.pinned]).toEqual([q, '/gift-card', true]);
    }
    expect((await visitor('money')).hits.some((h) => h.pinned)).toBe(false);
  });

  it('answers a short answer pin with the answer and its link', async () => {
    await savePins([
      { query: 'opening hours', answer: { text: 'Mon–Fri <b>9</b>–17', url: 'https://tea.example/contact' } },
    ]);
    const answer = await visitor('Opening Hours');
    expect(answer.answer).toEqual({ text: 'Mon–Fri <b>9</b>–17', url: 'https://tea.example/contact' });
    expect(answer.hits.some((h) => h.pinned)).toBe(false);
    // The answer counts as a result: analytics never files the query as a zero-result search.
    const onlyAnswer = await visitor('opening hours', 1);
    expect(onlyAnswer.hits).toEqual([]);
    expect(onlyAnswer.searchId?.split('.')[1]).toBe('1');
    expect((await visitor('returns')).answer).toBeUndefined();
  });

  it('refuses bad pins with a 400 naming the field', async () => {
    const cases: [unknown, string, RegExp][] = [
      [[{ query: 'x', answer: { text: 'hi', url: 'javascript:alert(1)' } }], 'pins.0.answer.url', /http\(s\)/],
      [[{ query: 'x' }], 'pins.0.urls', /pin at least one page/],
      [
        [
          {
            query: 'x',
            urls: ['https://a.example/1', 'https://a.example/2', 'https://a.example/3', 'https://a.example/4'],
          },
        ],
        'pins.0.urls',
        /at most 3/,
      ],
      [
        Array.from({ length: 101 }, (_, i) => ({ query: `q${i}`, urls: ['https://a.example/'] })),
        'pins',
        /at most 100 pinned/,
      ],
    ];
    for (const [pins, field, message] of cases) {
      const res = await putSettings(storeId, { pins: pins as Pin[] });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { field?: string; message: string };
      expect(body.field).toBe(field);
      expect(body.message).toMatch(message);
    }
  });

  it('saves the largest settings allowed (over 1 MB: 200 synonym rules and 100 pins) and search takes them', async () => {
    const word = (i: number, j: number) => `${'語'.repeat(56)}${i}x${j}`;
    const synonyms = Array.from({ length: 200 }, (_, i) => ({
      kind: 'two-way' as const,
      words: Array.from({ length: 20 }, (_, j) => word(i, j)),
    }));
    const phrase = (i: number, j: number) => `${'語'.repeat(90)} ${i} ${j}`;
    const pins = Array.from({ length: 100 }, (_, i) => ({
      query: phrase(i, 0),
      variants: Array.from({ length: 10 }, (_, j) => phrase(i, j + 1)),
      // Long links too (pinned pages the store does not have are skipped).
      urls: [page('/gift-card'), page(`/gone?${'a'.repeat(900)}${i}`), page(`/gone?${'b'.repeat(900)}${i}`)],
    }));
    const body = JSON.stringify({ email: 'paid-owner@example.com', synonyms, pins });
    expect(Buffer.byteLength(body)).toBeGreaterThan(1024 * 1024);
    const res = await fetch(settingsUrl(storeId), { method: 'PUT', headers: asOwner('paid-owner'), body });
    expect(res.status).toBe(200);
    const answer = await visitor(phrase(42, 3));
    expect([paths(answer)[0], answer.hits[0]?.pinned]).toEqual(['/gift-card', true]);
  });

  it('skips a pinned page the store no longer has, and tells the owner which one is missing', async () => {
    await savePins([{ query: 'green tea', urls: [page('/nowhere'), page('/green-cups')] }]);
    const answer = await visitor('green tea');
    expect(paths(answer)[0]).toBe('/green-cups');
    expect(answer.hits.filter((h) => h.pinned)).toHaveLength(1);
    const res = await fetch(`${stores.url}/stores/${storeId}/pinned-pages`, {
      method: 'POST',
      headers: asOwner('paid-owner'),
      body: JSON.stringify({ email: 'paid-owner@example.com', urls: [page('/nowhere'), page('/green-cups')] }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ pages: [{ url: page('/green-cups'), title: 'Green tea cups' }] });
  });

  it('finds the store’s pages for the owner to pin, and answers 400 to a blank query', async () => {
    const res = await fetch(`${stores.url}/stores/${storeId}/pin-candidates?q=cups`, {
      headers: asOwner('paid-owner'),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { pages: { url: string }[] }).pages[0]).toEqual({
      url: page('/green-cups'),
      title: 'Green tea cups',
    });
    const blank = await fetch(`${stores.url}/stores/${storeId}/pin-candidates?q=`, { headers: asOwner('paid-owner') });
    expect(blank.status).toBe(400);
  });

  it('keeps pins through a re-index, and drops a page that left the site', async () => {
    await savePins([{ query: 'tea gift', urls: [page('/returns'), page('/gift-card')] }]);
    expect(paths(await visitor('tea gift')).slice(0, 2)).toEqual(['/returns', '/gift-card']);
    const before = Date.now();
    delete routes['/returns'];
    await stores.app.get(SyncService).enqueue(storeId);
    await indexed('paid-owner', storeId, before);
    await waitFor(async () => !paths(await visitor('returns')).includes('/returns'), 'the re-index to be searched');
    const answer = await visitor('tea gift');
    expect(paths(answer)[0]).toBe('/gift-card');
    expect(answer.hits[0].pinned).toBe(true);
    expect(paths(answer)).not.toContain('/returns');
  });

  it('lets no other owner read or change a store’s pins or search its pages', async () => {
    const res = await putSettings(
      storeId,
      { pins: [{ query: 'x', variants: [], urls: [page('/gift-card')] }] },
      'other-owner',
    );
    expect(res.status).toBe(404);
    expect((await visitor('tea gift')).hits[0].pinned).toBe(true);
    const get = await fetch(settingsUrl(storeId), { headers: asOwner('other-owner') });
    expect(get.status).toBe(404);
    const find = await fetch(`${stores.url}/stores/${storeId}/pin-candidates?q=tea`, {
      headers: asOwner('other-owner'),
    });
    expect(find.status).toBe(404);
    const pages = await fetch(`${stores.url}/stores/${storeId}/pinned-pages`, {
      method: 'POST',
      headers: asOwner('other-owner'),
      body: JSON.stringify({ email: 'other-owner@example.com', urls: [page('/gift-card')] }),
    });
    expect(pages.status).toBe(404);
  });
});
