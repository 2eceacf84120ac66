// The local Squarespace stand-in driven over real HTTP as the stores service will drive it (node
// infra/squarespace/server.mjs in a child process: jest cannot load its ES modules): the key's website,
// cursor paging, Squarespace's errors, the per-website rate limit and cool-down, every fault kind, the
// fixture sites' pages (sitemap, conditional GETs, product pages, images) and persistence across a restart.
const { spawn } = require('node:child_process');
const { mkdtempSync, rmSync } = require('node:fs');
const http = require('node:http');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { JSDOM } = require('jsdom');
const { freePorts, startNodeProcess, waitFor } = require('../testing.js');

jest.setTimeout(20_000);

// The documented demo keys (fixtures.mjs); spelled out here so a renamed key fails the test.
const STORE_KEY = 'sqsp_demo_store_key';
const BLOG_KEY = 'sqsp_demo_blog_key';
const NO_PRODUCTS_KEY = 'sqsp_demo_noproducts_key';
const PRODUCTS = '/1.1/commerce/products';
const ALL_TYPES = `${PRODUCTS}?type=PHYSICAL,DIGITAL`;
const ERROR_FIELDS = ['contextId', 'details', 'message', 'subtype', 'type'];

const dataDir = mkdtempSync(join(tmpdir(), 'squarespace-provider-'));
const xml = new new JSDOM('').window.DOMParser();

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Starts `node infra/squarespace/server.mjs` with the env; resolves once it listens. */
async function startProvider(env = {}) {
  const [port] = await freePorts(1);
  const provider = await startNodeProcess(
    [join(__dirname, 'server.mjs')],
    { SQUARESPACE_PROVIDER_PORT: String(port), ...env },
    'local Squarespace provider on',
  );
  /** SIGTERM; resolves with the exit code, or 'running' when it has not exited within 3 s (then killed). */
  const stop = () =>
    Promise.race([
      provider.kill(),
      sleep(3000).then(() => {
        provider.child.kill('SIGKILL');
        return 'running';
      }),
    ]);
  return { base: `http://127.0.0.1:${port}`, stop, output: provider.output };
}

/** A Commerce API call as the stores service makes it. */
const api = (base, path, key = STORE_KEY, init = {}) =>
  fetch(path.startsWith('http') ? path : `${base}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${key}`, 'user-agent': 'sniff-stores-test/1.0', ...init.headers },
  });

async function admin(base, method, path, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** GET without any User-Agent (fetch always sends one). */
const getWithoutUserAgent = (url, headers) =>
  new Promise((resolve, reject) => {
    const req = http.request(url, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode, body: JSON.parse(body) }));
    });
    req.on('error', reject);
    req.end();
  });

/** Every page from the first, following nextPageCursor. */
async function allPages(base, key = STORE_KEY, first = ALL_TYPES) {
  const pages = [];
  let res = await api(base, first, key);
  for (;;) {
    expect(res.status).toBe(200);
    const page = await res.json();
    pages.push(page);
    if (!page.pagination.hasNextPage) return pages;
    if (pages.length > 20) throw new Error('more pages than products');
    res = await api(base, `${PRODUCTS}?cursor=${encodeURIComponent(page.pagination.nextPageCursor)}`, key);
  }
}
const productsOf = (pages) => pages.flatMap((p) => p.products);

function parseSitemap(text) {
  const doc = xml.parseFromString(text, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length) return undefined;
  return [...doc.getElementsByTagNameNS('http://www.sitemaps.org/schemas/sitemap/0.9', 'url')].map((url) => ({
    loc: url.getElementsByTagName('loc')[0]?.textContent,
    lastmod: url.getElementsByTagName('lastmod')[0]?.textContent,
  }));
}
async function sitemapOf(base, siteId) {
  const res = await fetch(`${base}/sites/${siteId}/sitemap.xml`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  const entries = parseSitemap(await res.text());
  expect(entries).toBeDefined();
  return entries;
}

function expectErrorBody(body, type) {
  expect(Object.keys(body).sort()).toEqual(ERROR_FIELDS);
  expect(body).toMatchObject({ type, details: null });
  expect(typeof body.message).toBe('string');
  expect(body.contextId).toMatch(/^[A-Z]{6,}$/);
}

let provider;
let base;

beforeAll(async () => {
  provider = await startProvider();
  base = provider.base;
});

beforeEach(async () => {
  expect((await admin(base, 'POST', '/_provider/reset')).status).toBe(200);
});

afterAll(async () => {
  await provider?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('authorization', () => {
  test('GET /1.0/authorization/website answers the website of each key', async () => {
    const store = await (await api(base, '/1.0/authorization/website')).json();
    expect(store).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      siteId: 'sniff-demo-goods',
      title: 'Sniff Demo Goods',
      url: `${base}/sites/sniff-demo-goods`,
      currency: 'USD',
      measurementStandard: 'IMPERIAL',
      language: 'en-US',
      timeZone: 'America/New_York',
    });
    for (const key of [BLOG_KEY, NO_PRODUCTS_KEY]) {
      const res = await api(base, '/1.0/authorization/website', key);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ siteId: 'sniff-demo-journal', title: 'Sniff Demo Journal' });
    }
    expect((await fetch(store.url)).status).toBe(200);
  });

  test('an unknown or missing key is 401 AUTHORIZATION_ERROR with the error body', async () => {
    const unknown = await api(base, '/1.0/authorization/website', 'sqsp_not_a_key');
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('content-type')).toContain('application/json');
    expectErrorBody(await unknown.json(), 'AUTHORIZATION_ERROR');
    const missing = await fetch(`${base}${ALL_TYPES}`, { headers: { 'user-agent': 'sniff-stores-test/1.0' } });
    expect(missing.status).toBe(401);
    expectErrorBody(await missing.json(), 'AUTHORIZATION_ERROR');
  });

  test('a request without a User-Agent is refused with 400 INVALID_REQUEST_ERROR', async () => {
    const without = await getWithoutUserAgent(`${base}/1.0/authorization/website`, {
      authorization: `Bearer ${STORE_KEY}`,
    });
    expect(without.status).toBe(400);
    expectErrorBody(without.body, 'INVALID_REQUEST_ERROR');
    const withOne = await getWithoutUserAgent(`${base}/1.0/authorization/website`, {
      authorization: `Bearer ${STORE_KEY}`,
      'user-agent': 'sniff-stores-test/1.0',
    });
    expect(withOne.status).toBe(200);
  });
});

describe('products', () => {
  test('following nextPageCursor gives every product once, 50 a page, in modifiedOn order', async () => {
    const pages = await allPages(base);
    expect(pages.map((p) => p.products.length)).toEqual([50, 50, 50, 50, 50, 50, 20]);
    const products = productsOf(pages);
    expect(new Set(products.map((p) => p.id)).size).toBe(320);
    const modified = products.map((p) => p.modifiedOn);
    expect(modified).toEqual([...modified].sort());
    expect(products.filter((p) => !p.isVisible).length).toBeGreaterThan(0);
    expect(products.map((p) => p.name)).toEqual(
      expect.arrayContaining(['Handmade Ceramic Mug', 'Walnut Cutting Board']),
    );
    for (const page of pages.slice(0, -1)) {
      expect(page.pagination.hasNextPage).toBe(true);
      expect(page.pagination.nextPageUrl).toBe(
        `${base}${PRODUCTS}?cursor=${encodeURIComponent(page.pagination.nextPageCursor)}`,
      );
    }
    expect(pages.at(-1).pagination).toEqual({ hasNextPage: false, nextPageCursor: null, nextPageUrl: null });
    const counts = (await admin(base, 'GET', '/_provider/requests')).body;
    expect(counts.paths[PRODUCTS]).toBe(7);

    // nextPageUrl is a working absolute URL too
    const second = await (await api(base, pages[0].pagination.nextPageUrl)).json();
    expect(second.products.map((p) => p.id)).toEqual(pages[1].products.map((p) => p.id));
  });

  test('a product has every documented field, with absolute URLs to the site and its image', async () => {
    const products = productsOf(await allPages(base));
    for (const product of products) {
      expect(Object.keys(product).sort()).toEqual(
        [
          'createdOn',
          'description',
          'id',
          'images',
          'isVisible',
          'modifiedOn',
          'name',
          'storePageId',
          'tags',
          'type',
          'url',
          'urlSlug',
          'variantAttributes',
          'variants',
        ].sort(),
      );
      expect(product.url).toBe(`${base}/sites/sniff-demo-goods/shop/p/${product.urlSlug}`);
      expect(product.variants[0].pricing.basePrice).toEqual({
        currency: 'USD',
        value: expect.stringMatching(/^\d+\.\d\d$/),
      });
    }
    const mug = products.find((p) => p.name === 'Handmade Ceramic Mug');
    expect(mug).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      type: 'PHYSICAL',
      description: expect.stringMatching(/^<p>.+<\/p>$/),
      isVisible: true,
      tags: expect.any(Array),
      createdOn: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      images: [
        {
          id: expect.any(String),
          altText: 'Handmade Ceramic Mug',
          url: expect.stringMatching(new RegExp(`^${base}/cdn/sniff-demo-goods/.+\\.svg$`)),
          originalSize: { width: 1500, height: 1500 },
          availableFormats: expect.any(Array),
        },
      ],
    });
    expect(mug.variants[0]).toMatchObject({
      sku: expect.any(String),
      pricing: { basePrice: { currency: 'USD', value: '28.00' }, onSale: false },
      stock: { quantity: 24, unlimited: false },
      shippingMeasurements: null,
    });
    expect(products.some((p) => p.variants.some((v) => v.stock.unlimited))).toBe(true);
    expect(products.some((p) => p.variants.every((v) => !v.stock.unlimited && v.stock.quantity === 0))).toBe(true);
    expect(products.some((p) => p.variants[0].pricing.onSale)).toBe(true);
  });

  test('type filters the list, and /1.0 and /v2 answer as /1.1', async () => {
    const digital = await (await api(base, `${PRODUCTS}?type=DIGITAL`)).json();
    expect(digital.products.length).toBeGreaterThan(0);
    expect(digital.products.every((p) => p.type === 'DIGITAL')).toBe(true);
    expect(digital.pagination.hasNextPage).toBe(false);
    const physical = productsOf(await allPages(base, STORE_KEY, `${PRODUCTS}?type=PHYSICAL`));
    expect(physical.length + digital.products.length).toBe(320);
    const first = await (await api(base, ALL_TYPES)).json();
    for (const version of ['1.0', 'v2']) {
      const res = await api(base, `/${version}/commerce/products?type=PHYSICAL,DIGITAL`);
      expect(res.status).toBe(200);
      expect((await res.json()).products.map((p) => p.id)).toEqual(first.products.map((p) => p.id));
    }
    const journal = productsOf(await allPages(base, BLOG_KEY));
    expect(journal.length).toBe(12);
    expect(journal.every((p) => p.url.startsWith(`${base}/sites/sniff-demo-journal/`))).toBe(true);
  });

  test('a cursor with another parameter, a garbled cursor and a missing or unknown type are 400', async () => {
    const { pagination } = await (await api(base, ALL_TYPES)).json();
    const cursor = pagination.nextPageCursor;
    const garbled = `${cursor.slice(0, 10)}${cursor[10] === 'A' ? 'B' : 'A'}${cursor.slice(11)}`;
    for (const path of [
      `${PRODUCTS}?cursor=${cursor}&type=PHYSICAL`,
      `${PRODUCTS}?cursor=${garbled}`,
      `${PRODUCTS}?cursor=not-a-cursor`,
      `${PRODUCTS}?cursor=`,
      PRODUCTS,
      `${PRODUCTS}?type=SERVICE`,
    ]) {
      const res = await api(base, path);
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
      expectErrorBody(await res.json(), 'INVALID_REQUEST_ERROR');
    }
    expect((await api(base, `${PRODUCTS}?cursor=${cursor}`)).status).toBe(200);
    // a cursor of one website is no cursor for another
    expect((await api(base, `${PRODUCTS}?cursor=${cursor}`, BLOG_KEY)).status).toBe(400);
  });

  test('a key without the products scope gets 403 on products, 200 on its website', async () => {
    const res = await api(base, ALL_TYPES, NO_PRODUCTS_KEY);
    expect(res.status).toBe(403);
    expectErrorBody(await res.json(), 'FORBIDDEN');
    expect((await api(base, '/1.0/authorization/website', NO_PRODUCTS_KEY)).status).toBe(200);
    expect((await api(base, ALL_TYPES, BLOG_KEY)).status).toBe(200);
  });

  test('an unknown API path is 404 NOT_FOUND', async () => {
    const res = await api(base, '/1.0/commerce/nothing-here');
    expect(res.status).toBe(404);
    expectErrorBody(await res.json(), 'NOT_FOUND');
  });

  test('the cursor is dynamic: a product added after the first page is on the last page and in the sitemap', async () => {
    const first = await (await api(base, ALL_TYPES)).json();
    const before = Date.now();
    const created = await admin(base, 'POST', '/_provider/sites/sniff-demo-goods/products', {
      name: 'Speckled Stoneware Pitcher',
      description: 'A pitcher for water & wildflowers.',
      price: 54.5,
      stock: 7,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Speckled Stoneware Pitcher',
      description: '<p>A pitcher for water &amp; wildflowers.</p>',
      isVisible: true,
      url: `${base}/sites/sniff-demo-goods/shop/p/speckled-stoneware-pitcher`,
      variants: [{ pricing: { basePrice: { value: '54.50' } }, stock: { quantity: 7, unlimited: false } }],
    });
    expect(Date.parse(created.body.modifiedOn)).toBeGreaterThanOrEqual(before);

    const rest = [];
    let cursor = first.pagination.nextPageCursor;
    while (cursor) {
      const page = await (await api(base, `${PRODUCTS}?cursor=${encodeURIComponent(cursor)}`)).json();
      rest.push(page);
      cursor = page.pagination.nextPageCursor;
    }
    expect(rest.at(-1).products.at(-1).id).toBe(created.body.id);
    expect(productsOf([first, ...rest])).toHaveLength(321);

    const entries = await sitemapOf(base, 'sniff-demo-goods');
    const entry = entries.find((e) => e.loc === created.body.url);
    expect(entry).toBeDefined();
    // newer than every fixture item; the home page's lastmod is the site's newest change, so now this one
    const items = entries.filter((e) => e !== entry && !e.loc.endsWith('/sniff-demo-goods/'));
    expect(Date.parse(entry.lastmod)).toBeGreaterThan(Math.max(...items.map((e) => Date.parse(e.lastmod))));
    expect(entries[0]).toEqual({ loc: `${base}/sites/sniff-demo-goods/`, lastmod: entry.lastmod });
    expect((await fetch(created.body.url)).status).toBe(200);

    expect((await admin(base, 'DELETE', `/_provider/sites/sniff-demo-goods/products/${created.body.id}`)).status).toBe(
      204,
    );
    expect(productsOf(await allPages(base)).some((p) => p.id === created.body.id)).toBe(false);
    expect((await sitemapOf(base, 'sniff-demo-goods')).some((e) => e.loc === created.body.url)).toBe(false);
    expect((await fetch(created.body.url)).status).toBe(404);
  });

  test('a product changed through PATCH moves to the last page with a newer lastmod', async () => {
    const mug = productsOf(await allPages(base)).find((p) => p.name === 'Handmade Ceramic Mug');
    const lastmod = (await sitemapOf(base, 'sniff-demo-goods')).find((e) => e.loc === mug.url).lastmod;
    const patched = await admin(base, 'PATCH', `/_provider/sites/sniff-demo-goods/products/${mug.id}`, {
      price: '31.00',
      stock: 'unlimited',
    });
    expect(patched.status).toBe(200);
    const last = productsOf(await allPages(base)).at(-1);
    expect(last).toMatchObject({ id: mug.id, createdOn: mug.createdOn });
    expect(last.variants[0]).toMatchObject({
      pricing: { basePrice: { value: '31.00' } },
      stock: { quantity: 0, unlimited: true },
    });
    const newer = (await sitemapOf(base, 'sniff-demo-goods')).find((e) => e.loc === mug.url).lastmod;
    expect(Date.parse(newer)).toBeGreaterThan(Date.parse(lastmod));
    // hidden: out of the sitemap and its page gone, still listed by the API
    await admin(base, 'PATCH', `/_provider/sites/sniff-demo-goods/products/${mug.id}`, { visible: false });
    expect((await sitemapOf(base, 'sniff-demo-goods')).some((e) => e.loc === mug.url)).toBe(false);
    expect((await fetch(mug.url)).status).toBe(404);
    expect(productsOf(await allPages(base)).at(-1)).toMatchObject({ id: mug.id, isVisible: false });
  });

  test('admin product routes refuse bad input and unknown products', async () => {
    const path = '/_provider/sites/sniff-demo-goods/products';
    expect((await admin(base, 'POST', path, { description: 'no name' })).status).toBe(400);
    expect((await admin(base, 'POST', path, { name: 'Mug', price: 'free' })).status).toBe(400);
    expect((await admin(base, 'POST', path, { name: 'Mug', colour: 'red' })).status).toBe(400);
    expect((await admin(base, 'PATCH', `${path}/000000000000000000000000`, { name: 'x' })).status).toBe(404);
    expect((await admin(base, 'POST', '/_provider/sites/no-such-site/products', { name: 'x' })).status).toBe(404);
  });
});

describe('rate limit', () => {
  test('the request over the limit is 429 with Retry-After; the cool-down blocks the website, then ends', async () => {
    const limited = await startProvider({
      SQUARESPACE_PROVIDER_RATE_LIMIT: '5',
      SQUARESPACE_PROVIDER_COOLDOWN_SECONDS: '1',
    });
    try {
      for (let i = 0; i < 5; i += 1) expect((await api(limited.base, ALL_TYPES)).status).toBe(200);
      const over = await api(limited.base, ALL_TYPES);
      expect(over.status).toBe(429);
      expect(over.headers.get('retry-after')).toBe('1');
      expectErrorBody(await over.json(), 'RATE_LIMIT_EXCEEDED');
      const during = await api(limited.base, '/1.0/authorization/website');
      expect(during.status).toBe(429);
      expect(Number(during.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      // per website: the journal is not cooling down
      expect((await api(limited.base, '/1.0/authorization/website', BLOG_KEY)).status).toBe(200);
      // site pages are not the API
      expect((await fetch(`${limited.base}/sites/sniff-demo-goods/sitemap.xml`)).status).toBe(200);
      await sleep(1100);
      expect((await api(limited.base, ALL_TYPES)).status).toBe(200);
    } finally {
      await limited.stop();
    }
  });
});

describe('faults', () => {
  const fault = (body) => admin(base, 'POST', '/_provider/faults', body);

  test('timeout: the request is never answered; the next one is', async () => {
    expect((await fault({ kind: 'timeout', path: PRODUCTS })).status).toBe(201);
    await expect(api(base, ALL_TYPES, STORE_KEY, { signal: AbortSignal.timeout(300) })).rejects.toMatchObject({
      name: 'TimeoutError',
    });
    expect((await api(base, ALL_TYPES)).status).toBe(200);
  });

  test('after: the first matching requests are answered, then the fault applies', async () => {
    expect((await fault({ kind: 'unavailable', path: PRODUCTS, after: 2 })).status).toBe(201);
    expect((await admin(base, 'GET', '/_provider/faults')).body.faults).toEqual([
      { kind: 'unavailable', count: 1, path: PRODUCTS, after: 2 },
    ]);
    // other paths neither use it up nor count
    expect((await api(base, '/1.0/authorization/website')).status).toBe(200);
    expect((await api(base, ALL_TYPES)).status).toBe(200);
    expect((await api(base, ALL_TYPES)).status).toBe(200);
    expect((await api(base, ALL_TYPES)).status).toBe(503);
    expect((await api(base, ALL_TYPES)).status).toBe(200);
    expect((await admin(base, 'GET', '/_provider/faults')).body.faults).toEqual([]);
    for (const after of [-1, 1.5, 'two']) expect((await fault({ kind: 'timeout', after })).status).toBe(400);
  });

  test('timeout does not keep stop() from finishing', async () => {
    const other = await startProvider();
    await admin(other.base, 'POST', '/_provider/faults', { kind: 'timeout' });
    const hanging = api(other.base, ALL_TYPES).then(
      () => 'answered',
      () => 'failed',
    );
    await waitFor(
      async () => (await admin(other.base, 'GET', '/_provider/requests')).body.total === 1,
      'the request to arrive',
    );
    expect(await other.stop()).toBe(0);
    expect(await hanging).toBe('failed');
  });

  test('rate-limit: 429 with Retry-After at once, without the real counter', async () => {
    await fault({ kind: 'rate-limit', count: 2 });
    for (let i = 0; i < 2; i += 1) {
      const res = await api(base, '/1.0/authorization/website');
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('60');
      expectErrorBody(await res.json(), 'RATE_LIMIT_EXCEEDED');
    }
    // no cool-down followed
    expect((await api(base, '/1.0/authorization/website')).status).toBe(200);
  });

  test('malformed: a 200 whose body is not JSON; a sitemap cut short', async () => {
    await fault({ kind: 'malformed', path: PRODUCTS });
    const res = await api(base, ALL_TYPES);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const text = await res.text();
    expect(text.length).toBeGreaterThan(0);
    expect(() => JSON.parse(text)).toThrow(SyntaxError);

    await fault({ kind: 'malformed', path: '/sites/sniff-demo-goods/sitemap.xml' });
    const sitemap = await fetch(`${base}/sites/sniff-demo-goods/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const body = await sitemap.text();
    expect(body.startsWith('<?xml')).toBe(true);
    expect(parseSitemap(body)).toBeUndefined();
    expect(parseSitemap(await (await fetch(`${base}/sites/sniff-demo-goods/sitemap.xml`)).text())).toBeDefined();
  });

  test('unavailable: 503 with the error body, only on the paths it names', async () => {
    await fault({ kind: 'unavailable', path: '/sites/', count: 2 });
    expect((await api(base, ALL_TYPES)).status).toBe(200);
    expect((await fetch(`${base}/sites/sniff-demo-goods/`)).status).toBe(503);
    await fault({ kind: 'unavailable', path: PRODUCTS });
    const res = await api(base, ALL_TYPES);
    expect(res.status).toBe(503);
    expectErrorBody(await res.json(), 'INTERNAL_ERROR');
    expect((await fetch(`${base}/sites/sniff-demo-goods/`)).status).toBe(503);
    expect((await fetch(`${base}/sites/sniff-demo-goods/`)).status).toBe(200);
    expect((await api(base, ALL_TYPES)).status).toBe(200);
  });

  test('disconnect: the socket is destroyed in the middle of the answer', async () => {
    await fault({ kind: 'disconnect', path: PRODUCTS });
    const res = await api(base, ALL_TYPES);
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
    expect((await api(base, ALL_TYPES)).status).toBe(200);
  });

  test('DELETE /_provider/faults clears the queue; unknown kinds are refused', async () => {
    await fault({ kind: 'unavailable', count: 3 });
    expect((await admin(base, 'GET', '/_provider/faults')).body.faults).toEqual([
      { kind: 'unavailable', count: 3, path: '/' },
    ]);
    expect((await admin(base, 'DELETE', '/_provider/faults')).status).toBe(204);
    expect((await api(base, ALL_TYPES)).status).toBe(200);
    expect((await fault({ kind: 'explode' })).status).toBe(400);
  });
});

describe('site pages', () => {
  test('the sitemap is XML listing the home page, every post and every visible product', async () => {
    const products = productsOf(await allPages(base));
    const entries = await sitemapOf(base, 'sniff-demo-goods');
    const site = `${base}/sites/sniff-demo-goods`;
    expect(entries[0].loc).toBe(`${site}/`);
    const visible = products.filter((p) => p.isVisible).map((p) => p.url);
    expect(entries.filter((e) => e.loc.includes('/shop/p/')).map((e) => e.loc)).toEqual(
      expect.arrayContaining(visible),
    );
    expect(entries.filter((e) => e.loc.includes('/shop/p/'))).toHaveLength(visible.length);
    const hidden = products.find((p) => !p.isVisible);
    expect(entries.some((e) => e.loc === hidden.url)).toBe(false);
    expect(entries.filter((e) => e.loc.startsWith(`${site}/blog/`)).length).toBeGreaterThan(0);
    for (const entry of entries) expect(Number.isNaN(Date.parse(entry.lastmod))).toBe(false);

    const journal = await sitemapOf(base, 'sniff-demo-journal');
    const posts = journal.filter((e) => e.loc.startsWith(`${base}/sites/sniff-demo-journal/blog/`));
    expect(posts).toHaveLength(40);
    for (const post of posts.slice(0, 5)) {
      const page = await fetch(post.loc);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    }
  });

  test('a post has title, meta description and validators, and answers 304 to a matching conditional GET', async () => {
    const [entry] = (await sitemapOf(base, 'sniff-demo-journal')).filter((e) => e.loc.includes('/blog/'));
    const res = await fetch(entry.loc);
    const html = await res.text();
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]+">/);
    expect(html).toMatch(/<h1>[^<]+<\/h1>/);
    expect((html.match(/<p>/g) ?? []).length).toBeGreaterThanOrEqual(3);
    const etag = res.headers.get('etag');
    const lastModified = res.headers.get('last-modified');
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(new Date(lastModified).toISOString()).toBe(new Date(entry.lastmod.slice(0, 19) + 'Z').toISOString());

    const byTag = await fetch(entry.loc, { headers: { 'if-none-match': etag } });
    expect(byTag.status).toBe(304);
    expect(await byTag.text()).toBe('');
    expect((await fetch(entry.loc, { headers: { 'if-modified-since': lastModified } })).status).toBe(304);
    const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
    expect((await fetch(entry.loc, { headers: { 'if-modified-since': earlier } })).status).toBe(200);
    expect((await fetch(entry.loc, { headers: { 'if-none-match': '"other"' } })).status).toBe(200);

    const slug = entry.loc.split('/').pop();
    await admin(base, 'PATCH', `/_provider/sites/sniff-demo-journal/posts/${slug}`, { body: 'Rewritten.' });
    const changed = await fetch(entry.loc, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain('<p>Rewritten.</p>');
  });

  test('a post added through /_provider is escaped, in the sitemap with lastmod now, and gone once deleted', async () => {
    const before = Date.now();
    const created = await admin(base, 'POST', '/_provider/sites/sniff-demo-journal/posts', {
      title: 'Jam & <script>alert(1)</script> Season',
      body: 'Apricots "first".\n\nThen <b>plums</b>.',
    });
    expect(created.status).toBe(201);
    const { url, slug } = created.body;
    expect(url).toBe(`${base}/sites/sniff-demo-journal/blog/${slug}`);
    const html = await (await fetch(url)).text();
    expect(html).toContain('<h1>Jam &amp; &lt;script&gt;alert(1)&lt;/script&gt; Season</h1>');
    expect(html).toContain('<p>Then &lt;b&gt;plums&lt;/b&gt;.</p>');
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<b>plums');
    const entry = (await sitemapOf(base, 'sniff-demo-journal')).find((e) => e.loc === url);
    expect(Date.parse(entry.lastmod)).toBeGreaterThanOrEqual(before);
    expect((await admin(base, 'DELETE', `/_provider/sites/sniff-demo-journal/posts/${slug}`)).status).toBe(204);
    expect((await fetch(url)).status).toBe(404);
    expect((await sitemapOf(base, 'sniff-demo-journal')).some((e) => e.loc === url)).toBe(false);
  });

  test('product pages, home page and the images of the API are served', async () => {
    const products = productsOf(await allPages(base));
    const board = products.find((p) => p.name === 'Walnut Cutting Board');
    const page = await fetch(board.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    expect(html).toContain('<h1>Walnut Cutting Board</h1>');
    expect(html).toContain('$64.00');
    expect(html).toContain(board.images[0].url);

    const image = await fetch(board.images[0].url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
    const svg = await image.text();
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('>WC</text>');
    expect((await fetch(`${base}/cdn/sniff-demo-goods/no-such-image.svg`)).status).toBe(404);

    const home = await (await fetch(`${base}/sites/sniff-demo-goods/`)).text();
    expect(home).toContain(`href="${base}/sites/sniff-demo-goods/shop"`);
    expect(home).toContain(`href="${base}/sites/sniff-demo-goods/blog"`);
    expect((await fetch(`${base}/sites/sniff-demo-goods/shop/p/no-such-product`)).status).toBe(404);
    expect((await fetch(`${base}/sites/no-such-site/`)).status).toBe(404);
  });
});

describe('persistence', () => {
  test('with a data file, products added by hand survive a restart; reset restores the fixtures', async () => {
    const file = join(dataDir, 'squarespace.json');
    const first = await startProvider({ SQUARESPACE_PROVIDER_DATA_FILE: file });
    const created = await admin(first.base, 'POST', '/_provider/sites/sniff-demo-goods/products', {
      name: 'Kept Linen Apron',
      price: '49.00',
    });
    expect(created.status).toBe(201);
    expect(await first.stop()).toBe(0);

    const second = await startProvider({ SQUARESPACE_PROVIDER_DATA_FILE: file });
    try {
      const products = productsOf(await allPages(second.base));
      expect(products).toHaveLength(321);
      expect(products.at(-1)).toMatchObject({ id: created.body.id, name: 'Kept Linen Apron' });
      expect(products.at(-1).url.startsWith(`${second.base}/sites/sniff-demo-goods/`)).toBe(true);
      expect((await fetch(products.at(-1).url)).status).toBe(200);
      await admin(second.base, 'POST', '/_provider/reset');
      expect(productsOf(await allPages(second.base))).toHaveLength(320);
    } finally {
      await second.stop();
    }
    const third = await startProvider({ SQUARESPACE_PROVIDER_DATA_FILE: file });
    try {
      expect(productsOf(await allPages(third.base))).toHaveLength(320);
    } finally {
      await third.stop();
    }
  });

  test('a malformed number in the environment stops the start with a message', async () => {
    const child = spawn(process.execPath, [join(__dirname, 'server.mjs')], {
      env: { ...process.env, SQUARESPACE_PROVIDER_PORT: '0', SQUARESPACE_PROVIDER_RATE_LIMIT: 'lots' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (d) => (output += d));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('SQUARESPACE_PROVIDER_RATE_LIMIT must be a whole number');
  });
});
