import { accessLog, type Metrics } from '@sniff/service-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { AlertsUnsubscribeProxy } from './alerts-unsubscribe';
import { ApiProxy } from './api-proxy';
import { Frontend } from './frontend';
import { isPublicSearch, PublicApi, preflight } from './public-api';
import { PublicSite } from './public-site';
import { routeOf } from './metrics';
import { ShopifyOauthProxy } from './shopify-oauth';
import { StripeWebhookProxy } from './stripe-webhook';

export interface RouteHandlers {
  publicApi: PublicApi;
  api: ApiProxy;
  stripe: StripeWebhookProxy;
  shopify: ShopifyOauthProxy;
  alerts: AlertsUnsubscribeProxy;
  frontend: Frontend;
  site: PublicSite;
}

/**
 * A proxied route: Fastify hands over the request and response as Node gave them (the body still
 * unread, see app.ts) and stays out of the answer, which `forward` streams from the service.
 */
const proxied =
  (handle: (req: IncomingMessage, res: ServerResponse) => void) =>
  (request: FastifyRequest, reply: FastifyReply): void => {
    reply.hijack();
    handle(request.raw, reply.raw);
  };

/** Adds `Access-Control-Allow-Origin: *` (public assets, loaded from customers' sites and other origins). */
function openCors(_request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  void reply.header('access-control-allow-origin', '*');
  done();
}

/**
 * Every route of the gateway, in one place. Fastify's router picks the most specific match
 * (static, then parameters, then wildcards), so the order below is for reading only.
 * Anything unmatched (another method on a page path, say) is a JSON 404 (Nest's not-found handler).
 */
export function registerRoutes(
  app: FastifyInstance,
  h: RouteHandlers,
  logger: Logger,
  metrics: Metrics,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  // Every request: an id (made, or a usable one kept from the client), one access-log line and its
  // metrics when it is answered, and two security headers.
  const log = accessLog(logger, metrics, routeOf);
  const everyRequest = (req: IncomingMessage, res: ServerResponse) => {
    log(req, res);
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('referrer-policy', 'strict-origin-when-cross-origin');
  };
  app.addHook('onRequest', (request, reply, done) => {
    everyRequest(request.raw, reply.raw);
    done();
  });

  // The widget's public API, from customers' sites (open CORS): every visitor keystroke comes here.
  // No HEAD route: GET /search is the only read, and HEAD gets the 405 of /v1/*.
  app.get('/v1/stores/:storeId/search', { exposeHeadRoute: false }, proxied(h.publicApi.handle));
  app.post('/v1/stores/:storeId/events', proxied(h.publicApi.handle));
  app.all('/v1', proxied(h.publicApi.other)); // CORS preflight, 405, 404
  app.all('/v1/*', proxied(h.publicApi.other));

  // The dashboard's API: bearer token verified, then /api/<service>/<rest> streamed to that service.
  app.all('/api', proxied(h.api.handle));
  app.all('/api/*', proxied(h.api.handle));

  // Public callers with no Sniff token: Stripe's events for billing, the Shopify OAuth popup for stores,
  // the owner following an e-mail's unsubscribe link.
  app.all('/webhooks/stripe', proxied(h.stripe.handle));
  app.all('/shopify/auth', proxied(h.shopify.handle('auth')));
  app.all('/shopify/callback', proxied(h.shopify.handle('callback')));
  // The unsubscribe link of the zero-result e-mails (and mail clients' one-click POST) for analytics.
  app.all('/alerts/unsubscribe', proxied(h.alerts.handle));

  // Probes, runtime configuration, the public site's generated files.
  const ok = (_request: FastifyRequest, reply: FastifyReply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' });
  app.get('/healthz', ok); // liveness; the gateway holds no state, so answering is being up and ready
  app.get('/readyz', ok);
  app.get('/config.json', h.frontend.runtimeConfig);
  app.get('/remotes.json', h.frontend.remotes);
  app.get('/sitemap.xml', (request, reply) => h.site.sendRootFile(request, reply, 'sitemap.xml'));
  app.get('/robots.txt', (request, reply) => h.site.sendRootFile(request, reply, 'robots.txt'));

  // Build files: the widget's scripts and each remote's build, open to any origin.
  void app.register(async (assets) => {
    assets.addHook('onRequest', openCors);
    assets.get('/widget/*', h.frontend.widget);
    assets.get('/remotes/*', h.frontend.remoteFile);
    assets.options('/widget/*', proxied(preflight));
    assets.options('/remotes/*', proxied(preflight));
  });

  // Everything else GET: a file of the shell's build, a public page, or the shell (dashboard).
  app.get('/*', h.frontend.shell);

  // A widget's search (every visitor keystroke), before Fastify: one match of its path, then the same
  // per-request work as any route (above) and the public API's handler. What else Fastify does per request
  // (its request and reply objects, routing, hooks) cost the public path a third of its throughput.
  return (req, res) => {
    if (req.method !== 'GET' || !isPublicSearch(req.url ?? '')) return false;
    everyRequest(req, res);
    h.publicApi.search(req, res);
    return true;
  };
}
