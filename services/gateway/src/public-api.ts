import { Inject, Injectable, Logger } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ClientAddresses } from '@sniff/service-kit';
import { GATEWAY_CONFIG, type GatewayConfig } from './config';
import { forward } from './forward';
import { GatewayError, sendError, sendFailure } from './http-error';
import { MicroCache } from './micro-cache';
import { RateLimits } from './rate-limits';
import { checkDeclaredLength, hasBody, readBody } from './read-body';

/**
 * Public widget calls are made from customers' sites: any origin, no credentials. Their timing is
 * open too (Resource Timing's connect, request and first-byte times), so a site's own monitoring, and
 * the widget benchmark, can tell the answer's wait from the browser's.
 */
export const OPEN_CORS: Record<string, string> = { 'access-control-allow-origin': '*', 'timing-allow-origin': '*' };
/** The widget sends its query's id last: the cache key leaves it out (the answer does not depend on it). */
const SESSION_PARAM = '&session=';

/** The micro-cache's key of a search: the URL without its trailing query id (every visitor typing the same text shares one answer). */
export function cacheKey(url: string): string {
  const at = url.lastIndexOf(SESSION_PARAM);
  return at === -1 ? url : url.slice(0, at);
}
const PREFLIGHT = {
  ...OPEN_CORS,
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type',
  'access-control-max-age': '86400',
};

/** Answers a CORS preflight: the widget's API and assets are open to any site. */
export function preflight(_req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(204, PREFLIGHT).end();
}

const SEARCH = /^\/v1\/stores\/[A-Za-z0-9_-]{1,100}\/search(?:\?|$)/;

/** The paths /v1 answers (checked as sent, before any decoding) and the method of each. */
const ROUTES: Array<{ method: string; pattern: RegExp }> = [
  { method: 'GET', pattern: SEARCH },
  { method: 'POST', pattern: /^\/v1\/stores\/[A-Za-z0-9_-]{1,100}\/events$/ },
];

/** Whether a request URL (as sent, query string included) is a widget's search. */
export const isPublicSearch = (url: string) => SEARCH.test(url);

/**
 * The largest body /v1 takes: an event is a few hundred bytes, and nothing else there has a body.
 * Larger ones are refused here, before they reach the search service (which refuses them too, late).
 */
export const PUBLIC_BODY_LIMIT = 16 * 1024;

/** /v1/stores/:id/search and /v1/stores/:id/events -> the search service, same path; rate-limited per client address. */
@Injectable()
export class PublicApi {
  private readonly logger = new Logger('PublicApi');
  private readonly cache: MicroCache;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly clients: ClientAddresses,
    private readonly limits: RateLimits,
  ) {
    this.cache = new MicroCache(config.PUBLIC_CACHE_ENTRIES, config.PUBLIC_CACHE_MB * 1024 * 1024);
  }

  /**
   * GET /v1/stores/:id/search and POST /v1/stores/:id/events (routes.ts) -> the search service, same
   * path; the answer is written straight to the socket (one write for a search answer).
   */
  readonly handle = (req: IncomingMessage, res: ServerResponse): void => {
    res.setHeader('access-control-allow-origin', '*');
    this.route(req, res).catch((err: unknown) => {
      if (!(err instanceof GatewayError)) this.logger.error(err instanceof Error ? err.stack : String(err));
      sendFailure(res, err, OPEN_CORS);
    });
  };

  /** GET /v1/stores/:id/search, its path already matched (the gateway's fast path, routes.ts). */
  readonly search = (req: IncomingMessage, res: ServerResponse): void => {
    res.setHeader('access-control-allow-origin', '*');
    this.answer(req, res).catch((err: unknown) => {
      if (!(err instanceof GatewayError)) this.logger.error(err instanceof Error ? err.stack : String(err));
      sendFailure(res, err, OPEN_CORS);
    });
  };

  /** Any other /v1 request: the CORS preflight, a 405 for a known path asked with another method, else a 404. */
  readonly other = (req: IncomingMessage, res: ServerResponse): void => {
    if (req.method === 'OPTIONS') return preflight(req, res);
    const path = (req.url ?? '/').split('?')[0];
    const route = ROUTES.find((r) => r.pattern.test(path));
    if (!route) return sendError(res, 404, `Cannot ${req.method} ${path}`, OPEN_CORS);
    sendError(res, 405, `Use ${route.method} for ${path}`, { ...OPEN_CORS, allow: `${route.method}, OPTIONS` });
  };

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    // The router matched the pattern; the store id is checked as sent (not percent-decoded).
    if (!ROUTES.some((r) => r.pattern.test(q === -1 ? url : url.slice(0, q)))) return this.other(req, res);
    return this.answer(req, res);
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '/';
    checkDeclaredLength(req, PUBLIC_BODY_LIMIT);
    const client = this.clients.of(req);
    const wait = await this.limits.publicApi.take(client.address);
    if (wait) {
      return sendError(res, 429, 'Too many search requests from this address; slow down and retry in a moment', {
        ...OPEN_CORS,
        'retry-after': String(wait),
      });
    }
    // A hit is answered here, so it counts nothing (the search service counts what it answers). It
    // must be an answer made for the same page origin: the search service refuses a site outside a
    // store's allowed sites, so one site's answer never serves another.
    const cacheable = req.method === 'GET' && this.cache.enabled;
    const key = cacheable ? cacheKey(url) : url;
    const origin = req.headers.origin;
    const hit = cacheable ? this.cache.get(key, origin) : undefined;
    if (hit) {
      res.writeHead(hit.status, hit.headers).end(hit.body);
      return;
    }
    // Read whole (with its cap), then sent on in one piece: a chunked body has no length to check up front.
    const requestBody = hasBody(req) ? await readBody(req, PUBLIC_BODY_LIMIT) : undefined;
    forward(req, res, {
      service: 'search',
      base: this.config.SEARCH_URL,
      path: url,
      client,
      body: requestBody,
      timeoutMs: this.config.UPSTREAM_TIMEOUT_MS,
      responseHeaders: cacheable ? { ...OPEN_CORS, 'x-cache': 'MISS' } : OPEN_CORS,
      // Kept with the headers a hit is answered with, so a hit copies nothing.
      ...(cacheable
        ? {
            onComplete: (status, headers, body) =>
              this.cache.offer(key, status, { ...headers, 'x-cache': 'HIT' }, body, origin),
          }
        : {}),
    });
  }
}
