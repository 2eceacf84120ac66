// The local stand-in for Squarespace: the part of the Commerce API that the stores service reads (the key's
// website, products paged by cursor) with Squarespace's errors, User-Agent rule and per-website rate limit,
// and the public pages of the fixture websites (home, posts, product pages, sitemap.xml, images) that
// the API's URLs point to. Tests and operators use /_provider (fixtures, faults, reset, request counts).
// Switching to the real service is configuration: the API base URL and a real key.
//
// `node infra/squarespace/server.mjs` reads SQUARESPACE_PROVIDER_PORT (8096),
// SQUARESPACE_PROVIDER_PUBLIC_URL (http://127.0.0.1:<port>), SQUARESPACE_PROVIDER_DATA_FILE (memory only
// without), SQUARESPACE_PROVIDER_RATE_LIMIT (API requests per minute per website, 300) and
// SQUARESPACE_PROVIDER_COOLDOWN_SECONDS (60). Keys: see fixtures.mjs.
import http from 'node:http';
import { closeServer, envNumber, listen, runIfMain } from '../stand-in.mjs';
import { AdminError, adminRoutes } from './admin.mjs';
import { commerceApi } from './api.mjs';
import { SquarespaceError, internalError, rateLimited, unavailable } from './errors.mjs';
import { faultQueue } from './faults.mjs';
import { API_KEYS } from './fixtures.mjs';
import { siteUrl } from './objects.mjs';
import { rateLimiter } from './rate-limit.mjs';
import { sendJson, sendPage } from './respond.mjs';
import { sitePages } from './site.mjs';
import { openStore } from './store.mjs';

export {
  API_KEYS,
  BLOG_SITE_ID,
  DEMO_BLOG_KEY,
  DEMO_NO_PRODUCTS_KEY,
  DEMO_STORE_KEY,
  STORE_SITE_ID,
} from './fixtures.mjs';

const isSitePath = (pathname) => pathname.startsWith('/sites/') || pathname.startsWith('/cdn/');

/**
 * @param {{ port?: number, host?: string, publicUrl?: string, dataFile?: string, rateLimitPerMinute?: number,
 *   cooldownSeconds?: number, log?: (line: string) => void }} [options]
 * @returns {Promise<{ url: string, publicUrl: string, stop(): Promise<void> }>}
 */
export async function startSquarespaceProvider({
  port = 8096,
  host = '127.0.0.1',
  publicUrl,
  dataFile,
  rateLimitPerMinute = 300,
  cooldownSeconds = 60,
  log = (line) => console.log(line),
} = {}) {
  if (!Number.isInteger(rateLimitPerMinute) || rateLimitPerMinute < 1)
    throw new Error('rateLimitPerMinute must be a whole number from 1');
  if (!Number.isInteger(cooldownSeconds) || cooldownSeconds < 0)
    throw new Error('cooldownSeconds must be a whole number from 0');
  const store = openStore({ dataFile, log });
  const limiter = rateLimiter({ perMinute: rateLimitPerMinute, cooldownSeconds });
  const faults = faultQueue();
  /** @type {Map<string, number>} API and site-page requests by path, faulted ones included */
  const requests = new Map();
  // the public URL is known once listening when not given; the routes read it on every request
  const deps = { store, limiter, faults, requests, publicUrl: publicUrl?.replace(/\/+$/, '') ?? '' };
  const api = commerceApi(deps);
  const site = sitePages(deps);
  const admin = adminRoutes(deps);

  /** Answers an API or site request, after a queued fault had its say. */
  function serve(req, res, url) {
    const fault = faults.take(url.pathname);
    // timeout: never answer; the client gives up, or stop() closes the connection
    if (fault === 'timeout') return;
    const onSite = isSitePath(url.pathname);
    if (fault === 'rate-limit' || fault === 'unavailable') {
      const error = fault === 'rate-limit' ? rateLimited(Math.max(1, cooldownSeconds)) : unavailable();
      if (!onSite) return sendJson(res, error.status, error.body, { headers: error.headers });
      return sendPage(req, res, {
        status: error.status,
        type: 'text/plain; charset=utf-8',
        body: `${error.message}\n`,
      });
    }
    if (onSite) {
      const page = site.page(url.pathname) ?? { status: 404, type: 'text/plain; charset=utf-8', body: 'Not found\n' };
      if (req.method !== 'GET' && req.method !== 'HEAD')
        return sendPage(req, res, { status: 405, type: 'text/plain; charset=utf-8', body: 'Method not allowed\n' });
      return sendPage(req, res, page, fault);
    }
    try {
      sendJson(res, 200, api.handle(req, url), { fault });
    } catch (error) {
      if (!(error instanceof SquarespaceError)) throw error;
      sendJson(res, error.status, error.body, { headers: error.headers, fault });
    }
  }

  const server = http.createServer((req, res) => {
    let url;
    try {
      url = new URL(req.url ?? '/', 'http://provider');
    } catch {
      return void res.writeHead(400).end();
    }
    const work = async () => {
      if (url.pathname.startsWith('/_provider/')) {
        const { status, body } = await admin.handle(req, url);
        return sendJson(res, status, body);
      }
      requests.set(url.pathname, (requests.get(url.pathname) ?? 0) + 1);
      serve(req, res, url);
    };
    work().catch((error) => {
      if (res.headersSent) return void res.destroy();
      if (error instanceof AdminError) return sendJson(res, error.status, { error: error.message });
      log(`squarespace provider error: ${error?.stack ?? error}`);
      const failure = internalError();
      sendJson(res, failure.status, failure.body);
    });
  });
  const actual = await listen(server, port, host);
  deps.publicUrl = deps.publicUrl || `http://127.0.0.1:${actual}`;
  return {
    url: `http://${host}:${actual}`,
    publicUrl: deps.publicUrl,
    stop: () => closeServer(server),
  };
}

/** @param {NodeJS.ProcessEnv} env */
export function optionsFromEnv(env) {
  const number = (name, fallback) => envNumber(env, name, fallback);
  return {
    port: number('SQUARESPACE_PROVIDER_PORT', 8096),
    publicUrl: env.SQUARESPACE_PROVIDER_PUBLIC_URL || undefined,
    dataFile: env.SQUARESPACE_PROVIDER_DATA_FILE || undefined,
    rateLimitPerMinute: number('SQUARESPACE_PROVIDER_RATE_LIMIT', 300),
    cooldownSeconds: number('SQUARESPACE_PROVIDER_COOLDOWN_SECONDS', 60),
  };
}

runIfMain(import.meta.url, {
  name: 'squarespace provider',
  options: optionsFromEnv,
  start: startSquarespaceProvider,
  ready: (provider) => {
    const keys = Object.entries(API_KEYS)
      .map(
        ([key, grant]) =>
          `${key} (${siteUrl(provider.publicUrl, grant.siteId)}${grant.scopes.length ? '' : ', no products scope'})`,
      )
      .join(', ');
    return `local Squarespace provider on ${provider.url} (API base ${provider.publicUrl}); keys: ${keys}`;
  },
  stop: (provider) => provider.stop(),
});
