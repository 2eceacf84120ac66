import { Client } from 'pg';
import PgBoss from 'pg-boss';
import { asInternal, createTestDatabase, startTestService, testConfig, TestService } from '@sniff/service-kit/testing';
import { Queue } from '@sniff/service-kit';
import { AppModule as BillingModule } from '../../billing/src/app.module';
import { plansOnlyBillingConfig } from '../../billing/src/plans-only-config';
import { AppModule } from './app.module';

import { startPlansBilling, startStores } from './testing/services';
import { storesTestConfig } from './testing/config';
import { documentId } from './ingestion/extract';
import { FixtureSite, html, startFixtureSite } from './testing/fixture-site';
import { ownerApi, waitFor } from './testing/owner-api';
import { SearchStub, startAnalyticsStub, startSearchStub } from './testing/search-stub';
import { SYNC_QUEUE } from './sync/sync.constants';

const xml = (body: string | ((o: string) => string)) => ({ type: 'application/xml', body });
const urlset = (paths: string[]) => (o: string) =>
  `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths
    .map((p) => `<url><loc>${p.startsWith('http') ? p : o + p}</loc></url>`)
    .join('')}</urlset>`;

const PRICING = html(
  'Pricing | Acme',
  '<nav><a href="/">Home</a></nav><main><h1>Pricing</h1><h2>Starter plan</h2><p>The starter plan costs 19 dollars a month.</p><h3>FAQ</h3><p>Cancel any time.</p></main><script>track()</script><footer>Acme footer</footer>',
  '<meta name="description" content="Plans and prices for Acme widgets">',
);

describe('stores service', () => {
  let db: { url: string; drop(): Promise<void> };
  let billing: TestService;
  let stores: TestService;
  let search: SearchStub;
  let analytics: SearchStub;
  let siteA: FixtureSite; // sitemap + robots
  let siteB: FixtureSite; // sitemap index
  let siteC: FixtureSite; // links only
  let siteD: FixtureSite; // sitemap named in robots.txt
  let siteE: FixtureSite; // a single page
  let gone: string; // the origin of a site that stopped

  beforeAll(async () => {
    db = await createTestDatabase();
    search = await startSearchStub();
    analytics = await startAnalyticsStub();
    siteA = await startFixtureSite({
      '/': html('Acme', '<h1>Acme widgets</h1><a href="/pricing">Pricing</a>'),
      '/pricing': PRICING,
      '/about': html('About Acme', '<h1>About</h1><p>We make widgets.</p>'),
      '/private/secret': html('Secret', '<p>secret</p>'),
      '/broken': { status: 500, type: 'text/html', body: 'oops' },
      '/file.pdf': { type: 'application/pdf', body: '%PDF' },
      '/huge': { type: 'text/html', body: `<title>Huge</title><p>${'lorem ipsum '.repeat(400_000)}</p>` },
      '/to-private': { location: 'http://10.0.0.1/' },
      '/to-internal': { location: `${search.url}/internal/stores/st_x/settings` },
      '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nDisallow: /private\n' },
      '/sitemap.xml': xml(
        urlset(['/', '/pricing', '/pricing#plans', '/about', '/private/secret', 'https://other.example/page']),
      ),
      // A sitemap the owner names in the wizard (step 3), at a path discovery would not guess.
      '/feeds/owners-map.xml': xml(urlset(['/about', '/private/secret', '/only-in-owners-map'])),
    });
    siteB = await startFixtureSite({
      '/': html('B', '<p>b</p>'),
      '/sitemap.xml': xml(
        (o) => `<?xml version="1.0"?><sitemapindex><sitemap><loc>${o}/sitemap-pages.xml</loc></sitemap></sitemapindex>`,
      ),
      '/sitemap-pages.xml': xml(urlset(['/docs', '/blog'])),
    });
    siteC = await startFixtureSite({
      '/': html(
        'C',
        '<a href="/pricing">P</a> <a href="contact">C</a> <a href="/pricing#top">again</a> <a href="https://elsewhere.example/">x</a> <a href="mailto:a@b.c">m</a> <a href="/hidden/page">h</a>',
      ),
      '/robots.txt': { type: 'text/plain', body: 'User-agent: SniffBot\nDisallow: /hidden\n' },
    });
    siteD = await startFixtureSite({
      '/': html('D', '<p>d</p>'),
      '/robots.txt': { type: 'text/plain', body: (o) => `Sitemap: ${o}/maps/site.xml\n` },
      '/maps/site.xml': xml(urlset(['/from-robots'])),
    });
    siteE = await startFixtureSite({ '/': { ...html('E', '<p>Nothing else here</p>'), etag: '"e-v1"' } });
    const stopped = await startFixtureSite({});
    await stopped.close();
    gone = stopped.origin;

    // paid-owner holds room for the four stores these tests create (one site per subscription,
    // two per Shopify Starter); the others are the plans the allowance tests start from.
    billing = await startPlansBilling(db.url, [
      'paid-owner:busniess_starter_monthly',
      'paid-owner:busniess_starter_yearly',
      'paid-owner:starter',
      'saas-owner:busniess_starter_monthly',
      'shopify-owner:starter',
      'downgrade-owner:starter',
    ]);
    stores = await startStores(db.url, {
      BILLING_URL: billing.url,
      SEARCH_URL: search.url,
      ANALYTICS_URL: analytics.url,
      // Only the fixture sites: the billing service, the search stub and Postgres share their host.
      FETCH_ALLOW_ORIGINS: [siteA, siteB, siteC, siteD, siteE].map((s) => s.origin).concat(gone),
      INGEST_EXPIRE_SECONDS: 60,
      INGEST_RETRY_DELAY_SECONDS: 1,
      SETTINGS_RETRY_DELAY_SECONDS: 1,
    });
  });
  afterAll(async () => {
    await stores?.close();
    await billing?.close();
    for (const s of [search, analytics, siteA, siteB, siteC, siteD, siteE]) await s?.close();
    await db?.drop();
  });

  const { post } = ownerApi(() => stores.url);
  const map = async (url: string) => post('/crawl/map', 'paid-owner', { url });
  const list = async (owner: string) =>
    (await (await post('/managestores/list-stores', owner, {})).json()) as {
      id: string;
      status: string;
      pages?: number;
      status_reason?: string | null;
      last_synced_at?: string | null;
    }[];
  const storeOf = async (owner: string, id: string) => (await list(owner)).find((s) => s.id === id);
  const create = (owner: string, main: string, others: string[] = [], name = 'My site') =>
    post('/saas/create-website', owner, { store_url: main, store_urls: others, store_name: name, platform: 'custom' });
  const settled = (owner: string, id: string) =>
    waitFor(async () => {
      const s = await storeOf(owner, id);
      return s && (s.status === 'done' || s.status === 'failed') && s;
    }, `store ${id} to finish`);

  describe('POST /crawl/map', () => {
    it('discovers pages from sitemap.xml, main URL first, same host only, robots.txt honoured', async () => {
      const res = await map(`${siteA.origin}/`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        urls: [`${siteA.origin}/`, `${siteA.origin}/pricing`, `${siteA.origin}/about`],
      });
    });

    it("reads the owner's sitemap when given (not /sitemap.xml), robots.txt honoured; refuses a bad or private one", async () => {
      const res = await post('/crawl/map', 'paid-owner', {
        url: `${siteA.origin}/`,
        sitemap_url: `${siteA.origin}/feeds/owners-map.xml`,
      });
      expect(await res.json()).toEqual({
        urls: [`${siteA.origin}/`, `${siteA.origin}/about`, `${siteA.origin}/only-in-owners-map`],
      });
      const bad = await post('/crawl/map', 'paid-owner', { url: `${siteA.origin}/`, sitemap_url: 'not a url' });
      expect(bad.status).toBe(400);
      expect((await bad.json()).message).toContain('Invalid sitemap URL format.');
      const blocked = await post('/crawl/map', 'paid-owner', {
        url: `${siteA.origin}/`,
        sitemap_url: 'http://169.254.169.254/latest/meta-data/',
      });
      expect(blocked.status).toBe(422);
      expect(await blocked.json()).toMatchObject({
        message: expect.stringContaining('Address not allowed: link-local or metadata address'),
        field: 'sitemap_url',
      });
    });

    it('follows a sitemap index', async () => {
      expect(await (await map(siteB.origin)).json()).toEqual({
        urls: [`${siteB.origin}/`, `${siteB.origin}/docs`, `${siteB.origin}/blog`],
      });
    });

    it('uses the sitemaps that robots.txt names', async () => {
      expect(await (await map(siteD.origin)).json()).toEqual({
        urls: [`${siteD.origin}/`, `${siteD.origin}/from-robots`],
      });
    });

    it('falls back to same-host links of the page, deduplicated, without fragments, honouring robots.txt for SniffBot', async () => {
      expect(await (await map(siteC.origin)).json()).toEqual({
        urls: [`${siteC.origin}/`, `${siteC.origin}/pricing`, `${siteC.origin}/contact`],
      });
    });

    it('answers just the main URL for a site with no other pages', async () => {
      expect(await (await map(`${siteE.origin}/`)).json()).toEqual({ urls: [`${siteE.origin}/`] });
    });

    it.each([
      ['http://169.254.169.254/latest/meta-data/', 'link-local or metadata address'],
      ['http://10.0.0.1/', 'private network'],
      ['http://127.0.0.2/', 'loopback address'],
    ])('refuses %s with 422 and a message naming it', async (url, reason) => {
      const res = await map(url);
      expect(res.status).toBe(422);
      const message = `Address not allowed: ${reason} (${new URL(url).href})`;
      expect(await res.json()).toMatchObject({ statusCode: 422, message, field: 'url' });
    });

    it("refuses the other ports of an allowed site's host (local services) like any private address", async () => {
      const postgres = `http://127.0.0.1:${new URL(db.url).port || 5432}/`;
      for (const url of [`${billing.url}/internal/users/paid-owner/plans`, `${search.url}/`, postgres]) {
        const res = await map(url);
        expect(res.status).toBe(422);
        expect(await res.json()).toMatchObject({ message: `Address not allowed: loopback address (${url})` });
      }
      // The allowed site's own port under another name is another origin.
      const byName = await map(`http://localhost:${siteA.port}/`);
      expect((await byName.json()).message).toBe(
        `Address not allowed: loopback address (http://localhost:${siteA.port}/)`,
      );
      expect(search.calls).toEqual([]);
    });

    it('refuses a site that redirects to a private address or to another local port', async () => {
      const res = await map(`${siteA.origin}/to-private`);
      expect(res.status).toBe(422);
      expect((await res.json()).message).toBe('Address not allowed: private network (http://10.0.0.1/)');
      const internal = await map(`${siteA.origin}/to-internal`);
      expect(internal.status).toBe(422);
      expect((await internal.json()).message).toBe(
        `Address not allowed: loopback address (${search.url}/internal/stores/st_x/settings)`,
      );
      expect(search.calls).toEqual([]);
    });

    it('names an unreachable site and an HTTP error', async () => {
      expect((await (await map(`${gone}/`)).json()).message).toBe(`Could not reach ${gone}: ECONNREFUSED`);
      const res = await map(`${siteA.origin}/nope`);
      expect(res.status).toBe(422);
      expect((await res.json()).message).toBe(`The site returned HTTP 404 for ${siteA.origin}/nope`);
    });

    it('answers 400 naming the field for an invalid URL', async () => {
      const res = await map('not a url');
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ field: 'url', message: 'url: Invalid URL format for website.' });
    });
  });

  describe('creating, indexing and deleting a store', () => {
    let storeId: string;

    it('creates a queued store and indexes its pages through the search service', async () => {
      const res = await create(
        'paid-owner',
        `${siteA.origin}/`,
        [`${siteA.origin}/pricing`, `${siteA.origin}/about`],
        'Acme',
      );
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body).toEqual({
        store_id: expect.stringMatching(/^st_[A-Za-z0-9_-]{16}$/),
        platform: 'custom',
        store_url: `${siteA.origin}/`,
        type: 'business',
        source: 'crawl',
      });
      storeId = body.store_id;
      expect(['queued', 'running', 'done']).toContain((await storeOf('paid-owner', storeId))?.status);

      const done = await settled('paid-owner', storeId);
      expect(done).toMatchObject({
        status: 'done',
        pages: 3,
        status_reason: null,
        name: 'Acme',
        nickname: null,
        url: `${siteA.origin}/`,
        platform: 'custom',
        store_type: 'business',
      });

      const put = search.calls.find((c) => c.method === 'PUT' && c.path === `/internal/stores/${storeId}/documents`);
      expect(put?.token).toBeTruthy();
      const docs = (put?.body as { documents: { url: string }[] }).documents;
      expect(docs.map((d) => d.url)).toEqual([`${siteA.origin}/`, `${siteA.origin}/pricing`, `${siteA.origin}/about`]);
      expect(docs[1]).toEqual({
        id: documentId(`${siteA.origin}/pricing`),
        url: `${siteA.origin}/pricing`,
        title: 'Pricing | Acme',
        description: 'Plans and prices for Acme widgets',
        headings: ['Pricing', 'Starter plan', 'FAQ'],
        body: 'Pricing Starter plan The starter plan costs 19 dollars a month. FAQ Cancel any time.',
      });
    });

    it("lists only the caller's stores, newest first", async () => {
      expect((await list('paid-owner')).map((s) => s.id)).toEqual([storeId]);
      expect(await list('someone-else')).toEqual([]);
    });

    it('finds the store for analytics by owner and URL, trailing slash or not', async () => {
      const q = (owner: string, url: string) =>
        fetch(`${stores.url}/internal/stores?owner=${encodeURIComponent(owner)}&url=${encodeURIComponent(url)}`, {
          headers: asInternal(),
        });
      expect(await (await q('paid-owner', siteA.origin)).json()).toEqual([{ id: storeId, url: `${siteA.origin}/` }]);
      expect(await (await q('someone-else', siteA.origin)).json()).toEqual([]);
      expect((await fetch(`${stores.url}/internal/stores?owner=paid-owner&url=x`)).status).toBe(403);
      expect((await fetch(`${stores.url}/internal/stores?owner=paid-owner`, { headers: asInternal() })).status).toBe(
        400,
      );
    });

    it("answers 404 for another owner's store and leaves it intact", async () => {
      const res = await post('/managestores/delete-store', 'intruder', { store_id: storeId, platform: 'custom' });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Store not found' });
      expect(await storeOf('paid-owner', storeId)).toBeDefined();
      expect(search.calls.some((c) => c.method === 'DELETE')).toBe(false);
      expect(analytics.calls).toEqual([]);
    });

    it("deletes the caller's store, its search documents and its analytics", async () => {
      const res = await post('/managestores/delete-store', 'paid-owner', { store_id: storeId, platform: 'custom' });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ deleted: true, store_id: storeId });
      expect(await list('paid-owner')).toEqual([]);
      expect(search.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
        `/internal/stores/${storeId}`,
      ]);
      expect(analytics.calls.map((c) => `${c.method} ${c.path} ${c.token ? 'internal' : 'anonymous'}`)).toEqual([
        `DELETE /internal/stores/${storeId} internal`,
      ]);
      expect((await post('/managestores/delete-store', 'paid-owner', { store_id: storeId })).status).toBe(404);
    });

    it('re-reads a page only when the site says it changed (If-None-Match, 304)', async () => {
      const res = await create('paid-owner', `${siteE.origin}/`, [], 'E');
      const { store_id } = await res.json();
      const first = await settled('paid-owner', store_id);
      const sync = await post('/managestores/sync-store', 'paid-owner', { store_id });
      expect(sync.status).toBe(202);
      const second = await waitFor(async () => {
        const s = await storeOf('paid-owner', store_id);
        return s?.status === 'done' && s.last_synced_at !== first.last_synced_at && s;
      }, 'the re-sync');
      expect(second.pages).toBe(1);
      const fetches = siteE.requests.filter((r) => r.path === '/');
      expect(fetches.at(-1)!.headers['if-none-match']).toBe('"e-v1"');
      // The unchanged page's document went to search again as it was.
      const docs = search.calls.filter(
        (c) => c.method === 'PUT' && c.path === `/internal/stores/${store_id}/documents`,
      );
      expect(docs).toHaveLength(2);
      expect(docs[1]!.body).toEqual(docs[0]!.body);
      await post('/managestores/delete-store', 'paid-owner', { store_id });
    });

    it('skips pages that cannot be indexed and says so', async () => {
      const { store_id } = await (
        await create('paid-owner', `${siteA.origin}/`, [`${siteA.origin}/file.pdf`, `${siteA.origin}/huge`])
      ).json();
      const done = await settled('paid-owner', store_id);
      expect(done).toMatchObject({ status: 'done', pages: 2 });
      expect(done.status_reason).toBe(
        `1 of 3 pages skipped: ${siteA.origin}/file.pdf is not an HTML page (application/pdf)`,
      );
      const put = search.calls.filter((c) => c.path === `/internal/stores/${store_id}/documents`).at(-1);
      const huge = (put?.body as { documents: { title: string; body: string }[] }).documents[1]!;
      expect(huge.title).toBe('Huge');
      expect(huge.body.length).toBe(20_000);
    });

    it('retries when the search service is briefly down', async () => {
      search.failNextPuts(1);
      const { store_id } = await (await create('paid-owner', `${siteA.origin}/about`)).json();
      expect(await settled('paid-owner', store_id)).toMatchObject({ status: 'done', pages: 1 });
      expect(search.calls.filter((c) => c.path === `/internal/stores/${store_id}/documents`)).toHaveLength(2);
    });

    it('marks the store failed with the reason when no page can be fetched, after retries', async () => {
      const { store_id } = await (await create('paid-owner', `${siteA.origin}/broken`)).json();
      const failed = await settled('paid-owner', store_id);
      expect(failed).toMatchObject({ status: 'failed', pages: 0 });
      expect(failed.status_reason).toBe(
        `Could not fetch any page: The site returned HTTP 500 for ${siteA.origin}/broken`,
      );
    });
  });

  describe('refusing a blocked page at creation', () => {
    const jobs = async () => {
      const sql = new Client({ connectionString: db.url });
      await sql.connect();
      try {
        return (await sql.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'ingest-store'`)).rows[0].n;
      } finally {
        await sql.end();
      }
    };

    it.each([
      ['the main URL on a private network', () => ['http://10.0.0.1/', []], 'store_url'],
      [
        'a page at the metadata address',
        () => [`${siteA.origin}/`, ['http://169.254.169.254/latest/meta-data/']],
        'store_urls.0',
      ],
      [
        'a page on another local port',
        () => [`${siteA.origin}/`, [`${billing.url}/internal/users/paid-owner/plans`]],
        'store_urls.0',
      ],
      [
        'a page whose host name resolves to loopback',
        () => [`${siteA.origin}/`, [`http://localhost:${siteA.port}/about`]],
        'store_urls.0',
      ],
    ] as [string, () => [string, string[]], string][])(
      "refuses %s at once with discovery's 422 and message, and creates nothing",
      async (_, urls, field) => {
        const [main, others] = urls();
        const blocked = field === 'store_url' ? main : others[0]!;
        const discovery = await (await map(blocked)).json();
        expect(discovery.message).toMatch(/^Address not allowed: /);
        const jobsBefore = await jobs();
        const res = await create('blocked-owner', main, others);
        expect(res.status).toBe(422);
        expect(await res.json()).toEqual({
          statusCode: 422,
          error: 'Unprocessable Entity',
          message: discovery.message,
          field,
        });
        expect(await list('blocked-owner')).toEqual([]);
        expect(await jobs()).toBe(jobsBefore);
      },
    );

    it('still lets the owner create the store from allowed pages (a refusal does not count)', async () => {
      const res = await create('blocked-owner', `${siteA.origin}/`, [`${siteA.origin}/about`]);
      expect(res.status).toBe(200);
      expect(await list('blocked-owner')).toHaveLength(1);
    });
  });

  describe('free plan limits', () => {
    it('lets a free owner create one store of up to 2 pages, then refuses a second store', async () => {
      const first = await create('free-owner', `${siteA.origin}/`, [`${siteA.origin}/pricing`]);
      expect(first.status).toBe(200);
      const second = await create('free-owner', `${siteB.origin}/`);
      expect(second.status).toBe(403);
      expect((await second.json()).message).toBe('You can only create 1 search bar on the free plan');
      expect(await list('free-owner')).toHaveLength(1);
    });

    it('refuses more pages than the free plan allows (the main URL counts) and creates nothing', async () => {
      const res = await create('free-owner-2', `${siteA.origin}/`, [
        `${siteA.origin}/pricing`,
        `${siteA.origin}/about`,
      ]);
      expect(res.status).toBe(403);
      expect((await res.json()).message).toBe(
        'Free users can only select up to 2 pages. Please deselect some pages or upgrade your plan.',
      );
      expect(await list('free-owner-2')).toEqual([]);
    });

    it('answers 400 naming the missing field', async () => {
      const res = await post('/saas/create-website', 'free-owner-2', { store_url: siteA.origin, platform: 'custom' });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ field: 'store_name' });
    });
  });

  describe('paid plan allowances and downgrades', () => {
    const rulesOf = async (storeId: string) => {
      const res = await fetch(`${stores.url}/internal/stores/${storeId}/widget-rules`, { headers: asInternal() });
      expect(res.status).toBe(200);
      return res.json();
    };
    const createdId = async (owner: string, main: string) => {
      const res = await create(owner, main);
      expect(res.status).toBe(200);
      return ((await res.json()) as { store_id: string }).store_id;
    };

    it('gives a SaaS Starter owner the free widget and one more, naming the limit and the plan, and creates nothing more', async () => {
      await createdId('saas-owner', `${siteE.origin}/`);
      await createdId('saas-owner', `${siteB.origin}/`);
      const third = await create('saas-owner', `${siteD.origin}/`);
      expect(third.status).toBe(403);
      expect((await third.json()).message).toBe(
        'Your SaaS Starter plan allows 2 search widgets, the free one included. Upgrade or delete one in Manage Your Widgets.',
      );
      expect(await list('saas-owner')).toHaveLength(2);
    });

    it('lets a Shopify Starter owner have the free widget and two more, not four', async () => {
      await createdId('shopify-owner', `${siteE.origin}/`);
      await createdId('shopify-owner', `${siteB.origin}/`);
      await createdId('shopify-owner', `${siteD.origin}/`);
      const fourth = await create('shopify-owner', `${siteC.origin}/`);
      expect(fourth.status).toBe(403);
      expect((await fourth.json()).message).toBe(
        'Your Shopify Starter plan allows 3 search widgets, the free one included. Upgrade or delete one in Manage Your Widgets.',
      );
      expect(await list('shopify-owner')).toHaveLength(3);
    });

    it('refuses a Squarespace or Shopify store on the custom-site route, naming the field', async () => {
      for (const platform of ['squarespace', 'shopify']) {
        const res = await post('/saas/create-website', 'shopify-owner', {
          store_url: `${siteE.origin}/`,
          store_name: 'Shop',
          platform,
        });
        expect(res.status).toBe(400);
        expect(await res.json()).toMatchObject({ field: 'platform' });
      }
    });

    it('keeps every store after a downgrade to free, applies the free rules and quota, and creates no more', async () => {
      const kept = [
        await createdId('downgrade-owner', `${siteE.origin}/`),
        await createdId('downgrade-owner', `${siteB.origin}/`),
      ];
      expect(await rulesOf(kept[0]!)).toEqual({
        sizes: ['tiny', 'small', 'medium', 'large', 'xlarge', 'huge'],
        customPlaceholder: true,
        placeholder: expect.any(String),
        owner: 'downgrade-owner',
        monthlySearches: 1_000,
        semanticSearch: false,
      });

      // The subscription ends (as billing records a cancellation at the end of its period).
      const sql = new Client({ connectionString: db.url });
      await sql.connect();
      await sql.query(`UPDATE billing.subscriptions SET status = 'canceled' WHERE owner_sub = 'downgrade-owner'`);
      await sql.end();

      // Nothing is lost: both stores are listed as before (the manage page compares them with the allowance).
      expect((await list('downgrade-owner')).map((s) => s.id).sort()).toEqual([...kept].sort());
      // Each store's widget now follows the free plan: small and medium only, the fixed placeholder, 500 searches.
      for (const id of kept) {
        expect(await rulesOf(id)).toMatchObject({
          sizes: ['small', 'medium'],
          customPlaceholder: false,
          owner: 'downgrade-owner',
          monthlySearches: 500,
        });
      }
      const more = await create('downgrade-owner', `${siteD.origin}/`);
      expect(more.status).toBe(403);
      expect((await more.json()).message).toBe('You can only create 1 search bar on the free plan');
      expect(await list('downgrade-owner')).toHaveLength(2);
    });
  });

  describe('POST /shopify/check-store', () => {
    it("finds the owner's store for a shop by its name or URL, only the owner's, and refuses a name with no host", async () => {
      const sql = new Client({ connectionString: db.url });
      await sql.connect();
      await sql.query(
        `INSERT INTO stores.stores (id, owner_sub, name, url, platform, store_type, status, page_urls)
         VALUES ('st_shopifycheck0001', 'shopify-owner', 'Cool Shop', 'https://cool-shop.myshopify.com', 'shopify',
                 'store', 'done', $1)`,
        [['https://cool-shop.myshopify.com']],
      );
      await sql.end();
      const check = async (owner: string, storeUrl: string) => {
        const res = await post('/shopify/check-store', owner, { store_url: storeUrl });
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      };
      for (const name of ['Cool Shop', 'https://cool-shop.myshopify.com/', 'COOL-SHOP.myshopify.com']) {
        expect(await check('shopify-owner', name)).toEqual({
          status: 200,
          body: { exists: true, store_id: 'st_shopifycheck0001' },
        });
      }
      expect(await check('shopify-owner', 'Other Shop')).toEqual({
        status: 200,
        body: { exists: false, store_id: null },
      });
      // Another owner's shop is none of this owner's business.
      expect((await check('paid-owner', 'Cool Shop')).body).toEqual({ exists: false, store_id: null });
      const bad = await check('shopify-owner', '!!! ***');
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({
        message: expect.stringContaining('Invalid Shopify Store Name for URL generation.'),
      });
    });
  });
});

describe('stores ingestion after a crash', () => {
  it('retries a job whose worker died mid-run, to completion', async () => {
    const db = await createTestDatabase();
    const search = await startSearchStub();
    const site = await startFixtureSite({ '/': html('Home', '<h1>Welcome</h1>'), '/pricing': PRICING });
    const billingConfig = plansOnlyBillingConfig(testConfig(db.url), '');
    const billing = await startTestService(BillingModule.forRoot(billingConfig), billingConfig);
    const config = storesTestConfig(testConfig(db.url), {
      BILLING_URL: billing.url,
      SEARCH_URL: search.url,
      ANALYTICS_URL: 'http://127.0.0.1:9',
      FETCH_ALLOW_ORIGINS: [site.origin],
      INGEST_EXPIRE_SECONDS: 1,
      INGEST_RETRY_DELAY_SECONDS: 0,
      SETTINGS_RETRY_DELAY_SECONDS: 1,
    });
    const sql = new Client({ connectionString: db.url });
    const deadWorker = new PgBoss({ connectionString: db.url, schema: 'pgboss', supervise: false, schedule: false });
    try {
      // A first run of the service creates its schema and queue, then stops.
      await (await startTestService(AppModule.forRoot(config), config)).close();

      // While no service runs, a worker takes the store's job, marks the store running, and dies.
      await sql.connect();
      await sql.query(
        `INSERT INTO stores.stores (id, owner_sub, name, url, platform, store_type, status, page_urls)
         VALUES ('st_crashcrashcrash1', 'owner-1', 'Crash', $1, 'custom', 'business', 'running', $2)`,
        [`${site.origin}/`, [`${site.origin}/`, `${site.origin}/pricing`]],
      );
      await deadWorker.start();
      const jobId = await deadWorker.send(
        SYNC_QUEUE,
        { storeId: 'st_crashcrashcrash1' },
        { singletonKey: 'st_crashcrashcrash1' },
      );
      const [taken] = await deadWorker.fetch(SYNC_QUEUE);
      expect(taken?.id).toBe(jobId);
      await deadWorker.stop({ graceful: false, wait: true });

      // The service restarts; once the job's time is up, queue maintenance hands it back and it completes.
      const svc = await startTestService(AppModule.forRoot(config), config);
      try {
        const boss = await svc.app.get(Queue).client();
        const row = await waitFor(async () => {
          await boss.maintain();
          const { rows } = await sql.query(
            `SELECT status, pages_indexed FROM stores.stores WHERE id = 'st_crashcrashcrash1'`,
          );
          return rows[0]?.status === 'done' && rows[0];
        }, 'the abandoned job to be retried');
        expect(row.pages_indexed).toBe(2);
        expect(search.calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual([
          '/internal/stores/st_crashcrashcrash1/documents',
        ]);
      } finally {
        await svc.close();
      }
    } finally {
      await sql.end();
      await billing.close();
      await search.close();
      await site.close();
      await db.drop();
    }
  });
});
