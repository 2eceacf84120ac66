// The local Shopify driven the way Sniff will drive it: the official @shopify/shopify-api library (web-api
// adapter) begins OAuth, validates the callback's hmac, exchanges the code and reads products with its
// GraphQL Admin client, its fetch rewriting https://<shop>/ to <shopsUrl>/<shop>/ exactly as SHOPS_URL
// will; the install page is driven like a browser posting its form (redirect: 'manual'). Also: errors as
// Shopify answers them, both rate limits, every fault, the storefront, the controls and persistence.
// The provider runs as `node infra/shopify/server.mjs` (jest here cannot load ES modules).
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
require('@shopify/shopify-api/adapters/web-api');
const {
  ApiVersion,
  GraphqlQueryError,
  HttpResponseError,
  HttpThrottlingError,
  LogSeverity,
  Session,
  shopifyApi,
} = require('@shopify/shopify-api');
const { setAbstractFetchFunc } = require('@shopify/shopify-api/runtime');
const { freePorts, startNodeProcess } = require('../testing.js');

jest.setTimeout(30_000);

// the fixtures' constants (infra/shopify/fixtures.mjs; an ES module jest cannot require)
const DEMO_SHOP = 'sniff-demo.myshopify.com';
const EMPTY_SHOP = 'sniff-empty.myshopify.com';
const API_KEY = 'sniff-local-app';
const API_SECRET = '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';
const ACTIVE_PRODUCTS = 300;
const ALL_PRODUCTS = 310;
const API_VERSION = ApiVersion.July26;
const APP_PORT = 4567; // the app's callback: only ever a URL here, nothing listens on it
const dataDir = mkdtempSync(join(tmpdir(), 'shopify-provider-'));

/** Starts `node infra/shopify/server.mjs` with the env (on `port`, else a free one); resolves once it listens. */
async function startProvider(env = {}, port) {
  port ??= (await freePorts(1))[0];
  const provider = await startNodeProcess(
    [join(__dirname, 'server.mjs')],
    { SHOPIFY_PROVIDER_PORT: String(port), ...env },
    'local Shopify provider on',
  );
  const base = `http://127.0.0.1:${port}`;
  const stop = () => provider.kill();
  return { port, base, shopsUrl: `http://localhost:${port}/shops`, publicUrl: `http://localhost:${port}`, stop };
}

/** The provider most tests use. */
let provider;
/** The provider under test: where the library's https://<shop>/ requests and the controls go. */
let target;
const toShops = (url) => url.replace(/^https:\/\/([^/]+)\//, (_, shop) => `${target.shopsUrl}/${shop}/`);
setAbstractFetchFunc((input, init) => fetch(toShops(typeof input === 'string' ? input : input.url), init));

const shopifyFor = (scopes = ['read_products']) =>
  shopifyApi({
    apiKey: API_KEY,
    apiSecretKey: API_SECRET,
    scopes,
    hostName: `localhost:${APP_PORT}`,
    hostScheme: 'http',
    apiVersion: API_VERSION,
    isEmbeddedApp: false,
    logger: { level: LogSeverity.Error, log: async () => undefined },
  });
const shopify = shopifyFor();

const control = async (path, { method = 'GET', body } = {}) => {
  const res = await fetch(`${target.base}/_provider${path}`, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() };
};

const admin = (shop = DEMO_SHOP) => `${target.shopsUrl}/${shop}/admin`;

/** The authorize URL an app sends the owner to. */
const authorizeUrl = (params, shop = DEMO_SHOP) =>
  `${admin(shop)}/oauth/authorize?${new URLSearchParams({
    client_id: API_KEY,
    scope: 'read_products',
    redirect_uri: `http://localhost:${APP_PORT}/auth/callback`,
    state: 'state-1',
    'grant_options[]': '',
    ...params,
  })}`;

const unescape = (text) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The owner's browser: opens the install page and presses a button; the response to the form's post. */
async function decide(url, decision = 'install', tamper = {}) {
  const page = await fetch(url);
  const html = await page.text();
  expect(page.status).toBe(200);
  const fields = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
      unescape(m[1]),
      unescape(m[2]),
    ]),
  );
  const action = unescape(/<form method="post" action="([^"]+)"/.exec(html)[1]);
  return fetch(new URL(action, url), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, ...tamper, decision }).toString(),
  });
}

/** An approved install's callback query (the code not yet exchanged). */
async function approvedCallback(params = {}, shop = DEMO_SHOP) {
  const res = await decide(authorizeUrl(params, shop));
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location'));
}

const exchange = (shop, body, type = 'json') =>
  fetch(`${admin(shop)}/oauth/access_token`, {
    method: 'POST',
    headers: { 'content-type': type === 'json' ? 'application/json' : 'application/x-www-form-urlencoded' },
    body: type === 'json' ? JSON.stringify(body) : new URLSearchParams(body).toString(),
  });

/** A shop installed through a manual flow: its access token. */
async function installedToken(scope = 'read_products', shop = DEMO_SHOP) {
  const callback = await approvedCallback({ scope }, shop);
  const res = await exchange(shop, {
    client_id: API_KEY,
    client_secret: API_SECRET,
    code: callback.searchParams.get('code'),
  });
  expect(res.status).toBe(200);
  return (await res.json()).access_token;
}

const sessionFor = (shop, accessToken) =>
  new Session({ id: `offline_${shop}`, shop, state: 'x', isOnline: false, accessToken });
const clientFor = (accessToken, shop = DEMO_SHOP) =>
  new shopify.clients.Graphql({ session: sessionFor(shop, accessToken) });

/** A raw GraphQL Admin call: status, headers and parsed body. */
async function graphql(token, query, { shop = DEMO_SHOP, version = API_VERSION, variables } = {}) {
  const res = await fetch(`${admin(shop)}/api/${version}/graphql.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-shopify-access-token': token } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const text = await res.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, headers: res.headers, body };
}

beforeAll(async () => {
  provider = await startProvider();
  target = provider;
});

beforeEach(async () => {
  target = provider;
  expect((await control('/reset', { method: 'POST' })).status).toBe(200);
});

afterAll(async () => {
  await provider?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('install: the OAuth authorization code grant', () => {
  test('the install page names the app and its scopes, escapes what it echoes and allows no script or framing', async () => {
    const res = await fetch(authorizeUrl({ state: '<b>"x"</b>', scope: 'read_products,read_content' }));
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('<h1>Install Sniff Site Search</h1>');
    expect(html).toContain('Sniff Demo Outfitters');
    expect(html).toContain('View products, variants and collections');
    expect(html).toContain('read_content');
    expect(html).toMatch(/<button type="submit" name="decision" value="install">Install app<\/button>/);
    expect(html).toMatch(/value="cancel" class="secondary">Cancel<\/button>/);
    expect(html).toContain('value="&lt;b&gt;&quot;x&quot;&lt;/b&gt;"');
    expect(html).not.toContain('<b>"x"</b>');
    const policy = res.headers.get('content-security-policy');
    expect(policy).toContain("script-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    // the form's post ends in a redirect to the app, which form-action must allow
    expect(policy).toContain(`form-action 'self' http://localhost:${APP_PORT}`);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  test("the library's begin, the install and its callback give an offline token that reads the shop", async () => {
    const begin = await shopify.auth.begin({
      shop: DEMO_SHOP,
      callbackPath: '/auth/callback',
      isOnline: false,
      rawRequest: new Request(`http://localhost:${APP_PORT}/auth?shop=${DEMO_SHOP}`),
    });
    expect(begin.status).toBe(302);
    const authorize = begin.headers.get('location');
    expect(authorize.startsWith(`https://${DEMO_SHOP}/admin/oauth/authorize?`)).toBe(true);

    const installed = await decide(toShops(authorize));
    expect(installed.status).toBe(302);
    const callback = new URL(installed.headers.get('location'));
    expect(`${callback.origin}${callback.pathname}`).toBe(`http://localhost:${APP_PORT}/auth/callback`);
    expect([...callback.searchParams.keys()]).toEqual(['code', 'hmac', 'host', 'shop', 'state', 'timestamp']);
    expect(callback.searchParams.get('shop')).toBe(DEMO_SHOP);
    expect(callback.searchParams.get('state')).toBe(new URL(authorize).searchParams.get('state'));
    expect(Buffer.from(callback.searchParams.get('host'), 'base64').toString()).toBe(
      'admin.shopify.com/store/sniff-demo',
    );
    expect(Math.abs(Number(callback.searchParams.get('timestamp')) - Date.now() / 1000)).toBeLessThan(60);

    const cookie = begin.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const { session } = await shopify.auth.callback({
      rawRequest: new Request(callback.toString(), { headers: { cookie } }),
    });
    expect(session).toMatchObject({ shop: DEMO_SHOP, isOnline: false, scope: 'read_products' });
    expect(session.accessToken).toMatch(/^shpat_[0-9a-f]{32}$/);

    const { data } = await new shopify.clients.Graphql({ session }).request(
      '{ shop { name myshopifyDomain currencyCode } }',
    );
    expect(data.shop).toEqual({ name: 'Sniff Demo Outfitters', myshopifyDomain: DEMO_SHOP, currencyCode: 'USD' });
    const tokens = (await control('/tokens')).body;
    expect(tokens[DEMO_SHOP]).toEqual([
      expect.objectContaining({ accessToken: session.accessToken, scope: 'read_products' }),
    ]);
  });

  test("the callback's hmac verifies with the library and fails when any parameter changes", async () => {
    const callback = await approvedCallback();
    const query = Object.fromEntries(callback.searchParams);
    expect(await shopify.utils.validateHmac(query)).toBe(true);
    const changed = {
      code: 'f'.repeat(32),
      host: Buffer.from('admin.shopify.com/store/other').toString('base64').replace(/=+$/, ''),
      shop: 'other-shop.myshopify.com',
      state: 'state-2',
      timestamp: String(Number(query.timestamp) - 1),
      hmac: '0'.repeat(64),
    };
    for (const [key, value] of Object.entries(changed))
      expect({ key, valid: await shopify.utils.validateHmac({ ...query, [key]: value }) }).toEqual({
        key,
        valid: false,
      });
    const other = shopifyApi({
      ...shopify.config,
      apiSecretKey: 'shpss_another_secret',
      logger: shopify.config.logger,
    });
    expect(await other.utils.validateHmac(query)).toBe(false);
  });

  test('cancel shows a page and calls nothing back', async () => {
    const res = await decide(authorizeUrl(), 'cancel');
    expect(res.status).toBe(200);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toContain('Installation cancelled. You can close this window.');
    expect((await control('/tokens')).body).toEqual({});
  });

  test("an unknown app, a callback not allowed, an unknown shop and a forged form get Shopify's refusals", async () => {
    const unknownApp = await fetch(authorizeUrl({ client_id: 'not-our-app' }));
    expect(unknownApp.status).toBe(400);
    expect(await unknownApp.text()).toContain('Could not find Shopify API application with api_key not-our-app');
    for (const redirect of [
      'http://evil.test/auth/callback',
      `http://localhost:${APP_PORT}.evil.test/cb`,
      'javascript:alert(1)',
    ]) {
      const res = await fetch(authorizeUrl({ redirect_uri: redirect }));
      expect({ redirect, status: res.status }).toEqual({ redirect, status: 400 });
      expect(await res.text()).toContain('The redirect_uri is not whitelisted');
    }
    const unknownShop = await fetch(authorizeUrl({}, 'no-such-shop.myshopify.com'));
    expect(unknownShop.status).toBe(404);
    expect(await unknownShop.text()).toContain('Sorry, this shop is currently unavailable.');
    // the form's fields are tied to what the page showed: asking for more on the post is refused
    const forged = await decide(authorizeUrl(), 'install', { scope: 'read_products,write_products' });
    expect(forged.status).toBe(422);
    expect(forged.headers.get('location')).toBeNull();
  });

  test('a code is single-use and expires after ten minutes', async () => {
    const credentials = { client_id: API_KEY, client_secret: API_SECRET };
    const used = (await approvedCallback()).searchParams.get('code');
    const first = await exchange(DEMO_SHOP, { ...credentials, code: used });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({
      access_token: expect.stringMatching(/^shpat_[0-9a-f]{32}$/),
      scope: 'read_products',
    });
    const again = await exchange(DEMO_SHOP, { ...credentials, code: used });
    expect(again.status).toBe(400);
    const refused = {
      error: 'invalid_request',
      error_description: 'The authorization code was not found or was already used',
    };
    expect(await again.json()).toEqual(refused);

    const early = (await approvedCallback()).searchParams.get('code');
    const late = (await approvedCallback()).searchParams.get('code');
    await control('/clock', { method: 'POST', body: { advanceSeconds: 590 } });
    expect((await exchange(DEMO_SHOP, { ...credentials, code: early })).status).toBe(200);
    await control('/clock', { method: 'POST', body: { advanceSeconds: 15 } });
    const expired = await exchange(DEMO_SHOP, { ...credentials, code: late });
    expect(expired.status).toBe(400);
    expect(await expired.json()).toEqual(refused);
    // and a code belongs to its shop
    const code = (await approvedCallback()).searchParams.get('code');
    expect((await exchange(EMPTY_SHOP, { ...credentials, code })).status).toBe(400);
  });

  test('a wrong secret or client id is refused without using up the code; a form body works too', async () => {
    const code = (await approvedCallback()).searchParams.get('code');
    const wrongSecret = await exchange(DEMO_SHOP, { client_id: API_KEY, client_secret: 'shpss_wrong', code });
    expect(wrongSecret.status).toBe(400);
    expect(await wrongSecret.json()).toMatchObject({ error: 'invalid_client' });
    const wrongClient = await exchange(DEMO_SHOP, { client_id: 'someone-else', client_secret: API_SECRET, code });
    expect(wrongClient.status).toBe(400);
    expect(await wrongClient.json()).toEqual({
      error: 'application_cannot_be_found',
      error_description: 'Could not find Shopify API application with api_key someone-else',
    });
    const ok = await exchange(DEMO_SHOP, { client_id: API_KEY, client_secret: API_SECRET, code }, 'form');
    expect(ok.status).toBe(200);
    expect((await ok.json()).access_token).toMatch(/^shpat_/);
  });

  test('per-user grants give expiring online tokens; expiring=1 gives an offline token with a refresh token', async () => {
    const credentials = { client_id: API_KEY, client_secret: API_SECRET };
    const online = (await approvedCallback({ 'grant_options[]': 'per-user' })).searchParams.get('code');
    const onlineToken = await (await exchange(DEMO_SHOP, { ...credentials, code: online })).json();
    expect(onlineToken).toMatchObject({
      access_token: expect.stringMatching(/^shpua_/),
      expires_in: 86399,
      associated_user_scope: 'read_products',
      associated_user: expect.objectContaining({ account_owner: true }),
    });
    const code = (await approvedCallback()).searchParams.get('code');
    const expiring = await (await exchange(DEMO_SHOP, { ...credentials, code, expiring: '1' })).json();
    expect(expiring).toMatchObject({
      access_token: expect.stringMatching(/^shpat_/),
      expires_in: 3600,
      refresh_token: expect.stringMatching(/^shprt_/),
      refresh_token_expires_in: 7776000,
    });
    const refresh = { ...credentials, grant_type: 'refresh_token', refresh_token: expiring.refresh_token };
    const renewed = await (await exchange(DEMO_SHOP, refresh)).json();
    expect(renewed.access_token).not.toBe(expiring.access_token);
    expect((await exchange(DEMO_SHOP, refresh)).status).toBe(400); // each refresh token is single-use
    await control('/clock', { method: 'POST', body: { advanceSeconds: 3601 } });
    expect((await graphql(expiring.access_token, '{ shop { name } }')).status).toBe(401);
  });
});

const PAGE = `query Page($after: String, $query: String) {
  products(first: 100, after: $after, query: $query) {
    edges { cursor node { id title status updatedAt } }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
  }
}`;

/** Every product the query matches, page by page through the library's client. */
async function everyProduct(client, query) {
  const pages = [];
  let after = null;
  do {
    const { data } = await client.request(PAGE, { variables: { after, query } });
    pages.push(data.products);
    after = data.products.pageInfo.hasNextPage ? data.products.pageInfo.endCursor : null;
  } while (after);
  return { pages, products: pages.flatMap((p) => p.edges.map((e) => e.node)) };
}

describe('the GraphQL Admin API', () => {
  let token;
  let client;
  beforeEach(async () => {
    token = await installedToken();
    client = clientFor(token);
  });

  test('paging through status:active returns every active product once, in id order', async () => {
    const { pages, products } = await everyProduct(client, 'status:active');
    expect(pages).toHaveLength(3);
    expect(products).toHaveLength(ACTIVE_PRODUCTS);
    expect(new Set(products.map((p) => p.id)).size).toBe(ACTIVE_PRODUCTS);
    expect(products.every((p) => p.status === 'ACTIVE')).toBe(true);
    const ids = products.map((p) => Number(p.id.replace('gid://shopify/Product/', '')));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(products.map((p) => p.title)).toEqual(expect.arrayContaining(['Trail Running Shoes', 'Merino Wool Beanie']));
    expect(pages.map((p) => [p.pageInfo.hasPreviousPage, p.pageInfo.hasNextPage])).toEqual([
      [false, true],
      [true, true],
      [true, false],
    ]);
    expect(pages[0].pageInfo.endCursor).toBe(pages[0].edges.at(-1).cursor);
    // without the filter, drafts and archived products come too
    expect((await everyProduct(client)).products).toHaveLength(ALL_PRODUCTS);
    // and backwards from the end, the last page is the same
    const { data } = await client.request('{ products(last: 100, query: "status:active") { nodes { id } } }');
    expect(data.products.nodes.map((n) => n.id)).toEqual(products.slice(-100).map((p) => p.id));
  });

  test('updated_at filters by time and combines with status', async () => {
    const all = (await everyProduct(client)).products;
    const since = '2026-06-01T00:00:00Z';
    const expected = all.filter((p) => p.updatedAt > since && p.status === 'ACTIVE').map((p) => p.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(ACTIVE_PRODUCTS);
    const recent = await everyProduct(client, `updated_at:>'${since}' AND status:active`);
    expect(recent.products.map((p) => p.id)).toEqual(expected);

    const { body: clock } = await control('/clock');
    const created = (
      await control(`/shops/${DEMO_SHOP}/products`, { method: 'POST', body: { title: 'Fresh Camp Mug' } })
    ).body;
    await control(`/shops/${DEMO_SHOP}/products`, { method: 'POST', body: { title: 'Hidden Mug', status: 'draft' } });
    const afterCreate = new Date(Date.parse(clock.now) - 1000).toISOString();
    const fresh = await everyProduct(client, `status:active updated_at:>"${afterCreate}"`);
    expect(fresh.products.map((p) => p.title)).toEqual(['Fresh Camp Mug']);
    expect(fresh.products[0].id).toBe(created.gid);
  });

  test("a product's fields, its image and its storefront page", async () => {
    const { data, headers } = await client.request(`{
      products(first: 1, query: "title:'Trail Running Shoes'") { nodes {
        id title handle description descriptionHtml short: description(truncateAt: 30) productType vendor tags status
        onlineStoreUrl createdAt updatedAt totalInventory tracksInventory
        featuredImage { url altText width height }
        featuredMedia { preview { image { url altText } } }
        priceRangeV2 { minVariantPrice { amount currencyCode } maxVariantPrice { amount currencyCode } }
      } }
    }`);
    const product = data.products.nodes[0];
    const image = `${target.publicUrl}/shops/${DEMO_SHOP}/cdn/trail-running-shoes.svg`;
    expect(product).toMatchObject({
      id: 'gid://shopify/Product/7420000000001',
      title: 'Trail Running Shoes',
      handle: 'trail-running-shoes',
      description:
        'Grippy, cushioned trail running shoes with a rock plate & a 6 mm drop. Recycled mesh upper Lugged outsole for mud and scree',
      short: 'Grippy, cushioned trail...',
      productType: 'Shoes',
      vendor: 'Northbound Gear',
      tags: ['footwear', 'running', 'trail'],
      status: 'ACTIVE',
      onlineStoreUrl: `${target.publicUrl}/shops/${DEMO_SHOP}/products/trail-running-shoes`,
      totalInventory: 42,
      tracksInventory: true,
      featuredImage: { url: image, altText: 'Trail Running Shoes', width: 800, height: 800 },
      featuredMedia: { preview: { image: { url: image, altText: 'Trail Running Shoes' } } },
      priceRangeV2: {
        minVariantPrice: { amount: '129.0', currencyCode: 'USD' },
        maxVariantPrice: { amount: '139.0', currencyCode: 'USD' },
      },
    });
    expect(product.descriptionHtml).toContain('<strong>trail running shoes</strong>');
    // featuredImage is deprecated: Shopify says so in a header
    expect(headers['X-Shopify-Api-Deprecated-Reason']).toEqual([expect.stringContaining('shopify.dev')]);
    const plain = await client.request('{ shop { name } }');
    expect(plain.headers['X-Shopify-Api-Deprecated-Reason']).toBeUndefined();

    const svg = await fetch(product.featuredImage.url);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(await svg.text()).toMatch(/<text [^>]*>TR<\/text>/);
    const page = await fetch(product.onlineStoreUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<h1>Trail Running Shoes</h1>');

    const draft = await client.request(
      '{ products(first: 1, query: "status:draft") { nodes { handle onlineStoreUrl } } }',
    );
    const [hidden] = draft.data.products.nodes;
    expect(hidden.onlineStoreUrl).toBeNull();
    expect((await fetch(`${target.publicUrl}/shops/${DEMO_SHOP}/products/${hidden.handle}`)).status).toBe(404);
    const single = await client.request('query One($id: ID!) { product(id: $id) { title } }', {
      variables: { id: product.id },
    });
    expect(single.data.product.title).toBe('Trail Running Shoes');
  });

  test('malformed queries get GraphQL errors', async () => {
    const refusal = async (query) => {
      const error = await client.request(query).catch((e) => e);
      expect(error).toBeInstanceOf(GraphqlQueryError);
      return error.body.errors.graphQLErrors[0];
    };
    expect((await refusal('{ products(first: 1) { nodes { nope } } }')).message).toBe(
      'Cannot query field "nope" on type "Product".',
    );
    expect((await refusal('{ products(first: 1) { nodes { id }')).message).toMatch(/^Syntax Error/);
    expect((await refusal('{ products { nodes { id } } }')).message).toBe('you must provide one of first or last');
    expect((await refusal('{ products(first: 251) { nodes { id } } }')).message).toBe(
      "Argument 'first' on Field 'products' has an invalid value (251). Expected a page size from 0 to 250.",
    );
    expect((await refusal('{ products(first: 1, after: "bm9wZQ==") { nodes { id } } }')).message).toBe(
      'Invalid cursor for current pagination sort.',
    );
  });

  test('a token without read_products is denied products but may read the shop', async () => {
    const ordersOnly = clientFor(await installedToken('read_orders'));
    const error = await ordersOnly.request('{ products(first: 5) { nodes { id } } }').catch((e) => e);
    expect(error).toBeInstanceOf(GraphqlQueryError);
    expect(error.body.errors.graphQLErrors[0]).toMatchObject({
      message: 'Access denied for products field. Required access: `read_products` access scope.',
      extensions: { code: 'ACCESS_DENIED' },
      path: ['products'],
    });
    expect((await ordersOnly.request('{ shop { name } }')).data.shop.name).toBe('Sniff Demo Outfitters');
  });

  test('a missing or unknown token is 401, an unknown version 404, an unsupported old one falls forward', async () => {
    const bad = await clientFor('shpat_00000000000000000000000000000000')
      .request('{ shop { name } }')
      .catch((e) => e);
    expect(bad).toBeInstanceOf(HttpResponseError);
    expect(bad.response.code).toBe(401);
    for (const credential of [undefined, 'shpat_00000000000000000000000000000000']) {
      const res = await graphql(credential, '{ shop { name } }');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
      });
    }
    // a token belongs to its shop
    expect((await graphql(token, '{ shop { name } }', { shop: EMPTY_SHOP })).status).toBe(401);
    for (const version of ['2099-01', 'latest', '2024-02']) {
      expect({ version, status: (await graphql(token, '{ shop { name } }', { version })).status }).toEqual({
        version,
        status: 404,
      });
    }
    const old = await graphql(token, '{ shop { name } }', { version: '2023-01' });
    expect(old.status).toBe(200);
    expect(old.headers.get('x-shopify-api-version') > '2023-01').toBe(true);
    expect((await graphql(token, '{ shop { name } }')).headers.get('x-shopify-api-version')).toBe(API_VERSION);
  });

  test('the empty shop has no products', async () => {
    const empty = clientFor(await installedToken('read_products', EMPTY_SHOP), EMPTY_SHOP);
    const { data } = await empty.request(`{ shop { name } productsCount { count precision }
      products(first: 10) { edges { node { id } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`);
    expect(data).toEqual({
      shop: { name: 'Sniff Empty Store' },
      productsCount: { count: 0, precision: 'EXACT' },
      products: {
        edges: [],
        pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
      },
    });
  });
});

describe('rate limits', () => {
  test('the cost bucket throttles when empty, reports itself on every answer and refills with time', async () => {
    const token = await installedToken();
    // 248 products and the connection: 250 points each, so four drain the 1000-point bucket
    const heavy = '{ products(first: 248) { nodes { id } } }';
    const available = [];
    for (let i = 0; i < 4; i++) {
      const { status, body } = await graphql(token, heavy);
      expect(status).toBe(200);
      expect(body.extensions.cost).toMatchObject({ requestedQueryCost: 250, actualQueryCost: 250 });
      available.push(body.extensions.cost.throttleStatus.currentlyAvailable);
    }
    expect(available[0]).toBeGreaterThanOrEqual(749);
    expect(available[3]).toBeLessThan(250);
    const throttled = await graphql(token, heavy);
    expect(throttled.status).toBe(200);
    expect(throttled.body).toEqual({
      errors: [
        {
          message: 'Throttled',
          extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
        },
      ],
      extensions: {
        cost: {
          requestedQueryCost: 250,
          actualQueryCost: null,
          throttleStatus: { maximumAvailable: 1000, currentlyAvailable: expect.any(Number), restoreRate: 50 },
        },
      },
    });
    const error = await clientFor(token)
      .request(heavy)
      .catch((e) => e);
    expect(error).toBeInstanceOf(GraphqlQueryError);
    expect(error.body.errors.graphQLErrors[0].extensions.code).toBe('THROTTLED');
    // a cheap query still fits; ten seconds restore 500 points
    expect((await graphql(token, '{ shop { name } }')).body.extensions.cost.requestedQueryCost).toBe(1);
    await control('/clock', { method: 'POST', body: { advanceSeconds: 10 } });
    const restored = await graphql(token, heavy);
    expect(restored.body.data.products.nodes).toHaveLength(248);
    expect(restored.body.extensions.cost.throttleStatus.currentlyAvailable).toBeGreaterThanOrEqual(250);
    // fewer products than asked for: the difference is refunded
    const small = await graphql(token, '{ products(first: 100, query: "status:archived") { nodes { id } } }');
    expect(small.body.extensions.cost).toMatchObject({ requestedQueryCost: 102, actualQueryCost: 6 });
    expect(small.body.extensions.cost.throttleStatus.currentlyAvailable).toBeGreaterThanOrEqual(
      restored.body.extensions.cost.throttleStatus.currentlyAvailable - 6,
    );
    // and no single query may cost more than 1000
    const huge = await graphql(
      token,
      '{ products(first: 250) { nodes { featuredImage { url } priceRangeV2 { minVariantPrice { amount } } } } }',
    );
    expect(huge.body.errors[0].extensions.code).toBe('MAX_COST_EXCEEDED');
    expect(huge.body.errors[0].message).toMatch(
      /^Query cost is 1002, which exceeds the single query max cost limit \(1000\)/,
    );
    expect(huge.body.data).toBeUndefined();
  });

  test('more than 40 requests a second are answered 429 with Retry-After', async () => {
    const token = await installedToken();
    const answers = await Promise.all(Array.from({ length: 60 }, () => graphql(token, '{ shop { name } }')));
    const limited = answers.filter((a) => a.status === 429);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(40);
    expect(limited).toHaveLength(20);
    for (const answer of limited) {
      expect(answer.headers.get('retry-after')).toBe('2.0');
      expect(answer.body).toEqual({
        errors: 'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.',
      });
    }
    const error = await clientFor(token)
      .request('{ shop { name } }')
      .catch((e) => e);
    expect(error).toBeInstanceOf(HttpThrottlingError);
    expect(error.response.retryAfter).toBe(2);
  });
});

describe('faults', () => {
  let token;
  beforeEach(async () => {
    token = await installedToken();
  });
  const arm = (body) => control('/faults', { method: 'POST', body });
  const shopQuery = () => graphql(token, '{ shop { name } }');

  test('timeout never answers; rate-limit, throttled, malformed and unavailable answer as Shopify can', async () => {
    await arm({ kind: 'timeout', path: 'graphql.json' });
    const hung = await fetch(`${admin()}/api/${API_VERSION}/graphql.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-access-token': token },
      body: JSON.stringify({ query: '{ shop { name } }' }),
      signal: AbortSignal.timeout(300),
    }).catch((e) => e);
    expect(hung.name).toBe('TimeoutError');

    await arm({ kind: 'rate-limit' });
    const limited = await shopQuery();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2.0');

    await arm({ kind: 'throttled' });
    const throttled = await shopQuery();
    expect(throttled.status).toBe(200);
    expect(throttled.body.errors[0].extensions.code).toBe('THROTTLED');
    expect(throttled.body.extensions.cost).toMatchObject({ requestedQueryCost: 1, actualQueryCost: null });

    await arm({ kind: 'malformed' });
    const malformed = await shopQuery();
    expect(malformed.status).toBe(200);
    expect(typeof malformed.body).toBe('string'); // not JSON
    await arm({ kind: 'malformed' });
    await expect(clientFor(token).request('{ shop { name } }')).rejects.toThrow();

    await arm({ kind: 'unavailable', count: 2 });
    expect((await shopQuery()).status).toBe(503);
    expect((await shopQuery()).status).toBe(503);
    expect((await shopQuery()).status).toBe(200);
  });

  test('disconnect drops the connection mid-answer; faults keep to their path and can be cleared', async () => {
    await arm({ kind: 'disconnect' });
    const dropped = await fetch(`${admin()}/api/${API_VERSION}/graphql.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-access-token': token },
      body: JSON.stringify({ query: '{ shop { name } }' }),
    })
      .then((res) => res.text())
      .catch((e) => e);
    // the headers came, then the socket closed before the body ended (fetch's errors are from Node's realm)
    expect(dropped).toMatchObject({ name: 'TypeError', message: 'terminated' });
    expect((await shopQuery()).status).toBe(200);

    await arm({ kind: 'unavailable', path: '/cdn/' });
    expect((await shopQuery()).status).toBe(200);
    expect((await fetch(`${target.shopsUrl}/${DEMO_SHOP}/cdn/merino-wool-beanie.svg`)).status).toBe(503);

    await arm({ kind: 'unavailable', count: 5 });
    expect((await control('/faults')).body.faults).toEqual([{ kind: 'unavailable', remaining: 5 }]);
    await control('/faults', { method: 'DELETE' });
    expect((await shopQuery()).status).toBe(200);
    expect((await arm({ kind: 'explode' })).status).toBe(400);
  });
});

describe('storefront', () => {
  test('product pages escape what they show; images are SVG squares with initials, any size', async () => {
    const created = (
      await control(`/shops/${DEMO_SHOP}/products`, {
        method: 'POST',
        body: { title: '<b>Tom & Jerry\'s "Mug"</b>', description: '<script>alert(1)</script>', price: '12.5' },
      })
    ).body;
    expect(created.handle).toBe('b-tom-and-jerry-s-mug-b');
    const page = await fetch(created.onlineStoreUrl);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'none'");
    expect(html).toContain('&lt;b&gt;Tom &amp; Jerry&#39;s &quot;Mug&quot;&lt;/b&gt;');
    expect(html).toContain('$12.50 USD');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>Tom');
    const svg = await fetch(`${created.image}?width=120`);
    const text = await svg.text();
    expect(svg.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(text).toMatch(/^<svg [^>]*width="120" height="120"/);
    expect(text).toMatch(/>BT<\/text>/);
    expect((await fetch(`${target.shopsUrl}/${DEMO_SHOP}/products/no-such-product`)).status).toBe(404);
    expect((await fetch(`${target.shopsUrl}/${DEMO_SHOP}/cdn/no-such-product.svg`)).status).toBe(404);
    const home = await fetch(`${target.shopsUrl}/${DEMO_SHOP}`);
    expect(await home.text()).toContain(`href="/shops/${DEMO_SHOP}/products/trail-running-shoes"`);
  });
});

describe('controls', () => {
  test('products are created, changed and deleted; requests are counted; reset restores the fixtures', async () => {
    const token = await installedToken();
    const client = clientFor(token);
    expect((await control(`/shops/${DEMO_SHOP}/products`, { method: 'POST', body: { price: '1' } })).status).toBe(400);
    expect((await control('/shops/nope.myshopify.com/products', { method: 'POST', body: { title: 'x' } })).status).toBe(
      404,
    );
    const { status, body: created } = await control(`/shops/${DEMO_SHOP}/products`, {
      method: 'POST',
      body: { title: 'Ember Fire Starter', price: '9.99', inventory: 7, tags: ['camping'] },
    });
    expect(status).toBe(201);
    expect(created).toMatchObject({ id: 7420000000311, handle: 'ember-fire-starter', status: 'ACTIVE', price: '9.99' });
    const one = 'query One($id: ID!) { product(id: $id) { title totalInventory updatedAt } }';
    const patched = await control(`/shops/${DEMO_SHOP}/products/${created.id}`, {
      method: 'PATCH',
      body: { title: 'Ember Fire Starter Kit', inventory: 3 },
    });
    expect(patched.body).toMatchObject({ title: 'Ember Fire Starter Kit', inventory: 3 });
    const read = await client.request(one, { variables: { id: created.gid } });
    expect(read.data.product).toMatchObject({ title: 'Ember Fire Starter Kit', totalInventory: 3 });
    const shoes = 'gid://shopify/Product/7420000000001';
    expect((await control(`/shops/${DEMO_SHOP}/products/7420000000001`, { method: 'DELETE' })).body).toEqual({
      deleted: true,
      id: 7420000000001,
    });
    expect((await client.request(one, { variables: { id: shoes } })).data.product).toBeNull();

    const { body: counts } = await control('/requests');
    expect(counts.routes).toMatchObject({
      [`GET /shops/:shop/admin/oauth/authorize`]: 1,
      [`POST /shops/:shop/admin/oauth/authorize`]: 1,
      [`POST /shops/:shop/admin/oauth/access_token`]: 1,
      [`POST /shops/:shop/admin/api/:version/graphql.json`]: 2,
    });
    expect(counts.byShop[DEMO_SHOP]['POST /shops/:shop/admin/api/:version/graphql.json']).toBe(2);

    await control('/reset', { method: 'POST' });
    expect((await control('/tokens')).body).toEqual({});
    expect((await control('/requests')).body.total).toBe(0);
    expect((await graphql(token, '{ shop { name } }')).status).toBe(401);
    const fresh = clientFor(await installedToken());
    expect((await fresh.request(one, { variables: { id: shoes } })).data.product.title).toBe('Trail Running Shoes');
    expect((await fresh.request(one, { variables: { id: created.gid } })).data.product).toBeNull();
  });
});

describe('persistence', () => {
  test('tokens and products survive a restart with a data file; stop() ends a hung request', async () => {
    const env = { SHOPIFY_PROVIDER_DATA_FILE: join(dataDir, 'shopify.json') };
    const first = await startProvider(env);
    let token;
    try {
      target = first;
      token = await installedToken();
      await control(`/shops/${DEMO_SHOP}/products`, { method: 'POST', body: { title: 'Kept Across Restarts' } });
    } finally {
      expect(await first.stop()).toBe(0);
    }
    const second = await startProvider(env, first.port);
    target = second;
    try {
      const client = clientFor(token);
      const { data } = await client.request(
        '{ products(first: 5, query: "title:\'Kept Across Restarts\'") { nodes { title } } }',
      );
      expect(data.products.nodes).toEqual([{ title: 'Kept Across Restarts' }]);
      await fetch(`${second.base}/_provider/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'timeout' }),
      });
      const hung = fetch(`${second.shopsUrl}/${DEMO_SHOP}`).catch((e) => e);
      await new Promise((r) => setTimeout(r, 100));
      const started = Date.now();
      expect(await second.stop()).toBe(0);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(await hung).toMatchObject({ name: 'TypeError', message: 'fetch failed' });
    } finally {
      await second.stop();
      target = provider;
    }
  });
});
