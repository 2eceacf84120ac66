// The local payment provider: the part of Stripe's REST API that billing uses (/v1, answered to the
// official `stripe` SDK), Stripe-signed webhooks, hosted Checkout / customer portal / receipt pages, a
// stripe.js stand-in and test-clock admin routes (/_provider). It stands in for Stripe as infra/idp
// stands in for Auth0. State is a JSON file (dataFile) or, without one, memory.
//
// `node infra/stripe/server.mjs` reads STRIPE_PROVIDER_PORT (8097), STRIPE_SECRET_KEY (required),
// STRIPE_WEBHOOK_SECRET, STRIPE_WEBHOOK_URL, STRIPE_PROVIDER_PUBLIC_URL (http://localhost:<port>),
// STRIPE_PROVIDER_DATA_FILE, STRIPE_PROVIDER_RETRY_DELAYS_MS (comma list), STRIPE_PROVIDER_DELIVERY_TIMEOUT_MS
// and STRIPE_PROVIDER_RATE_LIMIT (API requests per second, 100).
import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { apiRoutes } from './api.mjs';
import { seedCatalogue } from './catalogue.mjs';
import { StripeApiError, notFound } from './errors.mjs';
import { hostedPages } from './hosted.mjs';
import { idempotencyCache } from './idempotency.mjs';
import { lifecycle } from './lifecycle.mjs';
import { API_VERSION } from './objects.mjs';
import { readParams } from './params.mjs';
import { rateLimiter } from './rate-limit.mjs';
import { newId, openStore } from './store.mjs';
import { closeServer, envNumber, listen, runIfMain } from '../stand-in.mjs';
import { stripeJsSource } from './stripe-js.mjs';
import { DEFAULT_RETRY_DELAYS_MS, webhookDispatcher } from './webhooks.mjs';

const sameSecret = (given, expected) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** The API key of a request: `Authorization: Bearer sk_...` or HTTP Basic with the key as user name (curl -u). */
function apiKeyOf(req) {
  const header = String(req.headers.authorization ?? '');
  const bearer = /^Bearer\s+(\S+)$/i.exec(header);
  if (bearer) return bearer[1];
  const basic = /^Basic\s+(\S+)$/i.exec(header);
  if (basic) return Buffer.from(basic[1], 'base64').toString('utf8').split(':')[0];
  return undefined;
}

/**
 * @param {{ port?: number, host?: string, secretKey: string, webhookSecret?: string, webhookUrl?: string,
 *   publicUrl?: string, dataFile?: string, retryDelaysMs?: number[], deliveryTimeoutMs?: number,
 *   rateLimitPerSecond?: number, log?: (line: string) => void }} options
 * @returns {Promise<{ url: string, publicUrl: string, stop(): Promise<void> }>}
 */
export async function startStripeProvider({
  port = 8097,
  host = '127.0.0.1',
  secretKey,
  webhookSecret,
  webhookUrl,
  publicUrl,
  dataFile,
  retryDelaysMs = DEFAULT_RETRY_DELAYS_MS,
  deliveryTimeoutMs = 10_000,
  rateLimitPerSecond = 100,
  log = (line) => console.log(line),
}) {
  if (!secretKey?.startsWith('sk_test_')) throw new Error('secretKey must be a test secret key (sk_test_...)');
  if (webhookUrl && !webhookSecret?.startsWith('whsec_'))
    throw new Error('webhookSecret (whsec_...) is required to sign webhooks for webhookUrl');
  const store = openStore({ dataFile });
  seedCatalogue(store);
  const webhooks = webhookDispatcher({
    url: webhookUrl,
    secret: webhookSecret,
    retryDelaysMs,
    timeoutMs: deliveryTimeoutMs,
    log,
  });
  const limiter = rateLimiter(rateLimitPerSecond);
  const idempotency = idempotencyCache();
  let base = publicUrl; // known once listening when not given
  const flows = lifecycle({
    store,
    webhooks,
    get publicUrl() {
      return base;
    },
  });
  const api = apiRoutes({
    store,
    flows,
    get publicUrl() {
      return base;
    },
  });
  const pages = hostedPages({ store, flows, expireIfDue: api.expireIfDue });

  function sendJson(res, status, body, headers = {}) {
    const text = typeof body === 'string' ? body : JSON.stringify(body, null, 2);
    res.writeHead(status, {
      'content-type': 'application/json',
      'cache-control': 'no-cache, no-store',
      'stripe-version': API_VERSION,
      'request-id': newId('req'),
      ...headers,
    });
    res.end(text);
    return text;
  }

  function authorize(req) {
    const key = apiKeyOf(req);
    if (!key)
      throw new StripeApiError(401, {
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      });
    if (!sameSecret(key, secretKey))
      throw new StripeApiError(401, {
        message: `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
      });
  }

  async function handleApi(req, res, url) {
    authorize(req);
    if (!limiter.take())
      throw new StripeApiError(429, {
        type: 'rate_limit_error',
        code: 'rate_limit',
        message: 'Too many requests hit the API too quickly. We recommend an exponential backoff of your requests.',
        headers: { 'stripe-should-retry': 'true' },
      });
    const method = req.method ?? 'GET';
    const handler = api.route(method, url.pathname);
    if (!handler) {
      throw new StripeApiError(404, {
        message: `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      });
    }
    const { raw, params } = await readParams(req, url);
    const key = method === 'POST' ? req.headers['idempotency-key'] : undefined;
    if (typeof key !== 'string' || !key) return sendJson(res, 200, handler(params));
    const claim = idempotency.begin(key, `${method} ${url.pathname} ${raw}`);
    if ('replay' in claim)
      return sendJson(res, claim.replay.status, claim.replay.body, {
        'idempotent-replayed': 'true',
        'idempotency-key': key,
      });
    try {
      claim.remember(200, sendJson(res, 200, handler(params), { 'idempotency-key': key }));
    } catch (error) {
      if (error instanceof StripeApiError) claim.remember(error.status, JSON.stringify(error.body, null, 2));
      else claim.remember(500, '');
      throw error;
    }
  }

  /** Test-clock stand-ins and the delivery log; the secret key is required as for /v1. */
  async function handleAdmin(req, res, url) {
    if (url.pathname === '/_provider/health') return sendJson(res, 200, { status: 'ok' });
    authorize(req);
    const method = req.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/_provider/deliveries') {
      const event = url.searchParams.get('event');
      const attempts = webhooks.attempts().filter((a) => !event || a.event === event);
      return sendJson(res, 200, {
        object: 'list',
        data: attempts,
        pending: webhooks.pending(),
        url: '/_provider/deliveries',
      });
    }
    const clock = /^\/_provider\/subscriptions\/([^/]+)\/(advance|fail-renewal)$/.exec(url.pathname);
    if (method === 'POST' && clock) {
      const subscription = store.get('subscriptions', clock[1]);
      if (!subscription) throw notFound('subscription', clock[1]);
      return sendJson(res, 200, clock[2] === 'advance' ? flows.advance(subscription) : flows.failRenewal(subscription));
    }
    throw new StripeApiError(404, { message: `Unrecognized request URL (${method}: ${url.pathname}).` });
  }

  function stripeJs(res) {
    res.writeHead(200, {
      'content-type': 'application/javascript; charset=utf-8',
      'access-control-allow-origin': '*',
      'cross-origin-resource-policy': 'cross-origin',
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-cache',
    });
    res.end(stripeJsSource(base));
  }

  const server = http.createServer((req, res) => {
    let url;
    try {
      url = new URL(req.url ?? '/', 'http://provider');
    } catch {
      return void res.writeHead(400).end();
    }
    const work = async () => {
      if (url.pathname.startsWith('/v1/')) return handleApi(req, res, url);
      if (url.pathname.startsWith('/_provider/')) return handleAdmin(req, res, url);
      if (url.pathname === '/v3/stripe.js' && (req.method === 'GET' || req.method === 'HEAD')) return stripeJs(res);
      if (await pages(req, res, url)) return;
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    };
    work().catch((error) => {
      if (res.headersSent) return void res.end();
      if (error instanceof StripeApiError) {
        if (error.status === 413) res.setHeader('connection', 'close');
        return sendJson(res, error.status, error.body, error.headers);
      }
      log(`stripe provider error: ${error?.stack ?? error}`);
      sendJson(res, 500, {
        error: { type: 'api_error', message: 'An unexpected error occurred in the local Stripe provider.' },
      });
    });
  });
  const actual = await listen(server, port, host);
  base = base ?? `http://localhost:${actual}`;
  return {
    url: `http://${host}:${actual}`,
    publicUrl: base,
    stop: async () => {
      webhooks.stop();
      await closeServer(server);
    },
  };
}

/** @param {NodeJS.ProcessEnv} env */
export function optionsFromEnv(env) {
  const number = (name, fallback) => envNumber(env, name, fallback);
  const delays = env.STRIPE_PROVIDER_RETRY_DELAYS_MS;
  if (delays && !/^\d+(,\d+)*$/.test(delays))
    throw new Error('STRIPE_PROVIDER_RETRY_DELAYS_MS must be a comma-separated list of milliseconds');
  return {
    port: number('STRIPE_PROVIDER_PORT', 8097),
    secretKey: /** @type {string} */ (env.STRIPE_SECRET_KEY),
    webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    webhookUrl: env.STRIPE_WEBHOOK_URL || undefined,
    publicUrl: env.STRIPE_PROVIDER_PUBLIC_URL || undefined,
    dataFile: env.STRIPE_PROVIDER_DATA_FILE || undefined,
    retryDelaysMs: delays ? delays.split(',').map(Number) : undefined,
    deliveryTimeoutMs: number('STRIPE_PROVIDER_DELIVERY_TIMEOUT_MS', 10_000),
    rateLimitPerSecond: number('STRIPE_PROVIDER_RATE_LIMIT', 100),
  };
}

runIfMain(import.meta.url, {
  name: 'stripe provider',
  options: optionsFromEnv,
  start: startStripeProvider,
  ready: (provider, options) =>
    `local Stripe provider on ${provider.url} (pages at ${provider.publicUrl})${options.webhookUrl ? `, webhooks to ${options.webhookUrl}` : ''}`,
  stop: (provider) => provider.stop(),
});
