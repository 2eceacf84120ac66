// The local Shopify: every shop lives under /shops/<shop>.myshopify.com/ with Shopify's own paths below
// it, because Sniff reaches a shop at `${SHOPS_URL}/${shop}/...` where real Shopify is `https://${shop}/...`.
// A shop answers the OAuth authorization code grant (install page, callback, access token), the
// GraphQL Admin API's products reads with Shopify's cost-based throttling, and a small storefront (product
// pages and generated images) for search results to link to. /_provider holds the test and operator
// controls. It stands in for Shopify as infra/stripe stands in for Stripe. State is a JSON file
// (dataFile) or, without one, memory.
//
// `node infra/shopify/server.mjs` reads SHOPIFY_PROVIDER_PORT (8098), SHOPIFY_PROVIDER_PUBLIC_URL
// (http://localhost:<port>), SHOPIFY_PROVIDER_API_KEY, SHOPIFY_PROVIDER_API_SECRET,
// SHOPIFY_PROVIDER_REDIRECT_URLS (comma list), SHOPIFY_PROVIDER_DATA_FILE, SHOPIFY_PROVIDER_BUCKET_SIZE
// (1000), SHOPIFY_PROVIDER_RESTORE_RATE (50) and SHOPIFY_PROVIDER_REQUESTS_PER_SECOND (40).
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { closeServer, envNumber, listen, runIfMain } from '../stand-in.mjs';
import getRawBody from 'raw-body';
import { estimateCost, runAdminQuery } from './admin-graphql.mjs';
import { answerWithFault, faultQueue, RATE_LIMIT_BODY } from './faults.mjs';
import { APP_NAME, DEFAULT_API_KEY, DEFAULT_API_SECRET, DEFAULT_REDIRECT_URLS, SHOPS } from './fixtures.mjs';
import { oauth } from './oauth.mjs';
import { InputError, imageUrl, plainText, productGid, productInput, storefrontUrl, decimal } from './products.mjs';
import { costBuckets, requestRate } from './rate-limit.mjs';
import { openStore } from './store.mjs';
import { storefront } from './storefront.mjs';
import { unavailablePage, pageHeaders } from './views.mjs';
import { resolveApiVersion } from './versions.mjs';

const JSON_LIMIT_BYTES = 1024 * 1024;
const UNAUTHORIZED = { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' };

/** A path segment decoded; a malformed escape decodes to a NUL, which names nothing. */
const decode = (segment) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '\0';
  }
};

class HttpError extends Error {
  /** @param {number} status @param {unknown} body */
  constructor(status, body) {
    super(typeof body === 'string' ? body : JSON.stringify(body));
    this.status = status;
    this.body = body;
  }
}

/**
 * @param {{ port?: number, host?: string, publicUrl?: string, apiKey?: string, apiSecret?: string,
 *   appName?: string, redirectUrls?: string[], dataFile?: string, bucketSize?: number, restoreRate?: number,
 *   requestsPerSecond?: number, log?: (line: string) => void }} [options]
 * @returns {Promise<{ url: string, publicUrl: string, shopsUrl: string, stop(): Promise<void> }>}
 */
export async function startShopifyProvider({
  port = 8098,
  host = '127.0.0.1',
  publicUrl,
  apiKey = DEFAULT_API_KEY,
  apiSecret = DEFAULT_API_SECRET,
  appName = APP_NAME,
  redirectUrls = DEFAULT_REDIRECT_URLS,
  dataFile,
  bucketSize = 1000,
  restoreRate = 50,
  requestsPerSecond = 40,
  log = (line) => console.log(line),
} = {}) {
  if (!apiKey || !apiSecret) throw new Error('apiKey and apiSecret must not be empty');
  if (!(bucketSize > 0) || !(restoreRate > 0) || !(requestsPerSecond > 0))
    throw new Error('bucketSize, restoreRate and requestsPerSecond must be positive');
  // The provider's clock: /_provider/clock moves it forward so code expiry and bucket refills can be
  // tested without waiting.
  let offsetMs = 0;
  const now = () => Date.now() + offsetMs;
  const store = openStore({ dataFile, now });
  const buckets = costBuckets({ size: bucketSize, restoreRate, now });
  const rate = requestRate({ perSecond: requestsPerSecond, now });
  const faults = faultQueue();
  /** @type {Map<string, number>} requests by route, and by shop and route */
  const counts = new Map();
  let base = publicUrl?.replace(/\/+$/, ''); // known once listening when not given
  const flows = oauth({ store, now, apiKey, apiSecret, appName, redirectUrls });
  const shops = storefront({
    store,
    get publicUrl() {
      return /** @type {string} */ (base);
    },
  });

  function sendJson(res, status, body, headers = {}) {
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-cache, no-store',
      ...headers,
    });
    res.end(JSON.stringify(body));
  }

  async function readJson(req) {
    const raw = await getRawBody(req, {
      length: req.headers['content-length'],
      limit: JSON_LIMIT_BYTES,
      encoding: 'utf8',
    });
    if (!raw) return {};
    try {
      return JSON.parse(raw);
    } catch {
      throw new HttpError(400, { error: 'the body is not valid JSON' });
    }
  }

  function count(route, shop) {
    counts.set(route, (counts.get(route) ?? 0) + 1);
    if (shop) counts.set(`${shop}\n${route}`, (counts.get(`${shop}\n${route}`) ?? 0) + 1);
  }

  /** The route a /shops/ path names, for counting and dispatch. */
  function routeOf(method, rest) {
    if (rest === '' || rest === '/') return { route: `${method} /shops/:shop`, kind: 'home' };
    if (rest === '/admin/oauth/authorize')
      return { route: `${method} /shops/:shop/admin/oauth/authorize`, kind: 'authorize' };
    if (rest === '/admin/oauth/access_token')
      return { route: `${method} /shops/:shop/admin/oauth/access_token`, kind: 'access_token' };
    const api = /^\/admin\/api\/([^/]+)\/graphql\.json$/.exec(rest);
    if (api)
      return { route: `${method} /shops/:shop/admin/api/:version/graphql.json`, kind: 'graphql', version: api[1] };
    const page = /^\/products\/([^/]+)$/.exec(rest);
    if (page) return { route: `${method} /shops/:shop/products/:handle`, kind: 'product', handle: page[1] };
    const image = /^\/cdn\/([^/]+)\.svg$/.exec(rest);
    if (image) return { route: `${method} /shops/:shop/cdn/:handle.svg`, kind: 'image', handle: image[1] };
    return { route: `${method} /shops/:shop/*`, kind: 'unknown' };
  }

  /** POST /admin/api/{version}/graphql.json */
  async function adminApi(req, res, shop, version) {
    const resolved = resolveApiVersion(version, now());
    if (!resolved || req.method !== 'POST') return sendJson(res, 404, { errors: 'Not Found' });
    const token = store.token(shop.domain, String(req.headers['x-shopify-access-token'] ?? ''));
    if (!token)
      return sendJson(res, 401, UNAUTHORIZED, { 'www-authenticate': 'Basic Realm="Shopify API Authentication"' });
    const key = `${token.clientId}:${shop.domain}`;
    if (!rate.take(key)) return sendJson(res, 429, RATE_LIMIT_BODY, { 'retry-after': '2.0' });
    const raw = await getRawBody(req, {
      length: req.headers['content-length'],
      limit: JSON_LIMIT_BYTES,
      encoding: 'utf8',
    });
    /** @type {Record<string, any>} */
    let request = {};
    if (String(req.headers['content-type'] ?? '').includes('application/graphql')) request = { query: raw };
    else {
      try {
        request = JSON.parse(raw);
      } catch {
        request = {};
      }
    }
    if (!request || typeof request !== 'object' || typeof request.query !== 'string' || !request.query.trim())
      return sendJson(res, 400, { errors: { query: 'Required parameter missing or invalid' } });
    const { body, headers } = runAdminQuery({
      query: request.query,
      variables: request.variables,
      operationName: request.operationName,
      context: {
        shop,
        products: store.products(shop.domain),
        scope: token.scope,
        publicUrl: /** @type {string} */ (base),
      },
      buckets,
      bucketKey: key,
    });
    sendJson(res, 200, body, { 'x-shopify-api-version': resolved, 'x-request-id': randomUUID(), ...headers });
  }

  /** The answer to a throttled fault: what a drained bucket answers, with this request's estimated cost. */
  async function throttledBody(req, shop) {
    let requested = 0;
    try {
      const raw = await getRawBody(req, { limit: JSON_LIMIT_BYTES, encoding: 'utf8' });
      const body = JSON.parse(raw);
      requested = estimateCost(body.query, body.variables);
    } catch {
      requested = 0;
    }
    return {
      errors: [
        {
          message: 'Throttled',
          extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
        },
      ],
      extensions: {
        cost: {
          requestedQueryCost: requested,
          actualQueryCost: null,
          throttleStatus: buckets.status(`${apiKey}:${shop}`),
        },
      },
    };
  }

  async function handleShop(req, res, url) {
    const method = req.method ?? 'GET';
    const match = /^\/shops\/([^/]+)(\/.*)?$/.exec(url.pathname);
    const domain = decode(match?.[1] ?? '').toLowerCase();
    const rest = match?.[2] ?? '';
    const route = routeOf(method, rest);
    count(route.route, domain);
    const fault = faults.take(url.pathname);
    if (fault) {
      const body = fault === 'throttled' ? await throttledBody(req, domain) : {};
      return answerWithFault(fault, res, { throttled: () => body });
    }
    const shop = SHOPS.find((s) => s.domain === domain);
    if (!shop) return void res.writeHead(404, pageHeaders()).end(unavailablePage());
    switch (route.kind) {
      case 'authorize':
        if (method !== 'GET' && method !== 'POST') break;
        return flows.authorize(req, res, shop, url);
      case 'access_token':
        if (method !== 'POST') break;
        return flows.accessToken(req, res, shop);
      case 'graphql':
        return adminApi(req, res, shop, route.version);
      case 'home':
        if (method !== 'GET' && method !== 'HEAD') break;
        return shops.home(res, shop);
      case 'product':
        if (method !== 'GET' && method !== 'HEAD') break;
        return shops.product(res, shop, decode(route.handle ?? ''));
      case 'image':
        if (method !== 'GET' && method !== 'HEAD') break;
        return shops.image(res, shop, decode(route.handle ?? ''), url.searchParams);
    }
    return shops.notFound(res, shop);
  }

  /** A product as the controls show it. */
  const productJson = (shop, p) => ({
    id: p.id,
    gid: productGid(p.id),
    title: p.title,
    handle: p.handle,
    status: p.status,
    vendor: p.vendor,
    productType: p.productType,
    tags: p.tags,
    description: plainText(p.descriptionHtml),
    descriptionHtml: p.descriptionHtml,
    price: decimal(Math.min(...p.prices)),
    prices: p.prices.map(decimal),
    inventory: p.inventory,
    tracksInventory: p.tracksInventory,
    image: p.image ? imageUrl(/** @type {string} */ (base), shop, p.handle) : null,
    onlineStoreUrl: p.status === 'ACTIVE' ? storefrontUrl(/** @type {string} */ (base), shop, p.handle) : null,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  });

  /** Test and operator controls: JSON, no authentication (the provider only ever listens locally). */
  async function handleControls(req, res, url) {
    const method = req.method ?? 'GET';
    const path = url.pathname;
    if (path === '/_provider/health') return sendJson(res, 200, { status: 'ok' });
    const products = /^\/_provider\/shops\/([^/]+)\/products(?:\/([^/]+))?$/.exec(path);
    if (products) {
      const shop = SHOPS.find((s) => s.domain === decode(products[1]).toLowerCase());
      if (!shop) throw new HttpError(404, { error: `no shop ${decode(products[1])}` });
      if (!products[2]) {
        if (method === 'GET')
          return sendJson(res, 200, { products: store.products(shop.domain).map((p) => productJson(shop.domain, p)) });
        if (method !== 'POST') throw new HttpError(405, { error: 'use GET or POST' });
        const fields = productInput(await readJson(req), { partial: false });
        const product = store.addProduct(shop.domain, /** @type {any} */ (fields));
        return sendJson(res, 201, productJson(shop.domain, product));
      }
      const id = /^\d{1,16}$/.test(products[2]) ? Number(products[2]) : NaN;
      const existing = store.product(shop.domain, id);
      if (!existing) throw new HttpError(404, { error: `no product ${products[2]} in ${shop.domain}` });
      if (method === 'GET') return sendJson(res, 200, productJson(shop.domain, existing));
      if (method === 'PATCH') {
        const changes = productInput(await readJson(req), { partial: true });
        return sendJson(res, 200, productJson(shop.domain, store.updateProduct(shop.domain, id, changes)));
      }
      if (method === 'DELETE') {
        store.deleteProduct(shop.domain, id);
        return sendJson(res, 200, { deleted: true, id });
      }
      throw new HttpError(405, { error: 'use GET, PATCH or DELETE' });
    }
    if (path === '/_provider/faults') {
      if (method === 'GET') return sendJson(res, 200, { faults: faults.list() });
      if (method === 'DELETE') {
        faults.clear();
        return sendJson(res, 200, { faults: [] });
      }
      if (method !== 'POST') throw new HttpError(405, { error: 'use GET, POST or DELETE' });
      const fault = faults.add(await readJson(req));
      if (typeof fault === 'string') throw new HttpError(400, { error: fault });
      return sendJson(res, 201, fault);
    }
    if (path === '/_provider/reset' && method === 'POST') {
      store.reset();
      faults.clear();
      buckets.clear();
      rate.clear();
      counts.clear();
      offsetMs = 0;
      return sendJson(res, 200, { status: 'reset' });
    }
    if (path === '/_provider/requests') {
      if (method === 'DELETE') counts.clear();
      else if (method !== 'GET') throw new HttpError(405, { error: 'use GET or DELETE' });
      const routes = {};
      const byShop = {};
      let total = 0;
      for (const [key, n] of counts) {
        const [first, second] = key.split('\n');
        if (second === undefined) {
          routes[first] = n;
          total += n;
        } else (byShop[first] ??= {})[second] = n;
      }
      return sendJson(res, 200, { total, routes, byShop });
    }
    if (path === '/_provider/tokens' && method === 'GET') {
      const byShop = {};
      for (const t of store.tokens())
        (byShop[t.shop] ??= []).push({
          accessToken: t.accessToken,
          scope: t.scope,
          createdAt: t.createdAt,
          ...(t.expiresAt ? { expiresAt: t.expiresAt } : {}),
          online: Boolean(t.associatedUser),
        });
      return sendJson(res, 200, byShop);
    }
    if (path === '/_provider/clock') {
      if (method === 'POST') {
        const { advanceSeconds } = /** @type {Record<string, any>} */ (await readJson(req));
        if (typeof advanceSeconds !== 'number' || !(advanceSeconds > 0) || advanceSeconds > 10 * 365 * 86_400)
          throw new HttpError(400, { error: 'advanceSeconds must be a positive number of seconds' });
        offsetMs += advanceSeconds * 1000;
      } else if (method !== 'GET') throw new HttpError(405, { error: 'use GET or POST' });
      return sendJson(res, 200, { now: new Date(now()).toISOString(), offsetSeconds: offsetMs / 1000 });
    }
    throw new HttpError(404, { error: `no control ${method} ${path}` });
  }

  const server = http.createServer((req, res) => {
    let url;
    try {
      url = new URL(req.url ?? '/', 'http://provider');
    } catch {
      return void res.writeHead(400).end();
    }
    const work = async () => {
      if (url.pathname.startsWith('/_provider/')) return handleControls(req, res, url);
      if (url.pathname.startsWith('/shops/')) return handleShop(req, res, url);
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    };
    work().catch((error) => {
      if (res.headersSent) return void res.end();
      if (error instanceof HttpError) return sendJson(res, error.status, error.body);
      if (error instanceof InputError) return sendJson(res, 400, { error: error.message });
      const status = /** @type {{ status?: number }} */ (error)?.status;
      if (typeof status === 'number' && status >= 400 && status < 500) {
        // an unreadable or oversized body
        res.setHeader('connection', 'close');
        return sendJson(res, status, {
          error: status === 413 ? 'the body is too large' : 'the body could not be read',
        });
      }
      log(`shopify provider error: ${error?.stack ?? error}`);
      sendJson(res, 500, { errors: 'Internal Server Error' });
    });
  });
  const actual = await listen(server, port, host);
  base = base ?? `http://localhost:${actual}`;
  return {
    url: `http://${host}:${actual}`,
    publicUrl: base,
    shopsUrl: `${base}/shops`,
    stop: () => closeServer(server),
  };
}

/** @param {NodeJS.ProcessEnv} env */
export function optionsFromEnv(env) {
  const number = (name, fallback, { whole = true } = {}) => {
    const value = envNumber(env, name, fallback, { whole });
    if (!(value > 0)) throw new Error(`${name} must be a positive number`);
    return value;
  };
  const port = number('SHOPIFY_PROVIDER_PORT', 8098);
  const redirects = env.SHOPIFY_PROVIDER_REDIRECT_URLS;
  const redirectUrls = redirects
    ? redirects
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean)
    : undefined;
  for (const entry of redirectUrls ?? [])
    if (!/^https?:\/\/[^/\s]+/.test(entry))
      throw new Error(`SHOPIFY_PROVIDER_REDIRECT_URLS: ${entry} is not an http(s) URL`);
  return {
    port,
    publicUrl: env.SHOPIFY_PROVIDER_PUBLIC_URL || `http://localhost:${port}`,
    apiKey: env.SHOPIFY_PROVIDER_API_KEY || undefined,
    apiSecret: env.SHOPIFY_PROVIDER_API_SECRET || undefined,
    redirectUrls,
    dataFile: env.SHOPIFY_PROVIDER_DATA_FILE || undefined,
    bucketSize: number('SHOPIFY_PROVIDER_BUCKET_SIZE', 1000),
    restoreRate: number('SHOPIFY_PROVIDER_RESTORE_RATE', 50, { whole: false }),
    requestsPerSecond: number('SHOPIFY_PROVIDER_REQUESTS_PER_SECOND', 40),
  };
}

runIfMain(import.meta.url, {
  name: 'shopify provider',
  options: optionsFromEnv,
  start: startShopifyProvider,
  ready: (provider) => `local Shopify provider on ${provider.url} (shops at ${provider.shopsUrl})`,
  stop: (provider) => provider.stop(),
});
