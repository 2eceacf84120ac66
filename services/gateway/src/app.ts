import { INestApplication, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createLogger, ErrorFilter, Metrics } from '@sniff/service-kit';
import { Logger as PinoNestLogger, PinoLogger } from 'nestjs-pino';
import compression from 'compression';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { ApiProxy } from './api-proxy';
import type { GatewayConfig } from './config';
import { PagePolicy } from './content-security-policy';
import { assetMounts } from './frontend';
import { GatewayModule } from './gateway.module';
import { accessLog as createAccessLog } from './access-log';
import { sendError } from './http-error';
import { PublicApi } from './public-api';
import { ShopifyOauthProxy } from './shopify-oauth';
import { StripeWebhookProxy } from './stripe-webhook';

/** /v1, /v1/... and /v1?... */
const PUBLIC_API = /^\/v1(?=[/?]|$)/;

function securityHeaders(_req: IncomingMessage, res: ServerResponse, next: () => void): void {
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader('referrer-policy', 'strict-origin-when-cross-origin');
  next();
}

/**
 * The widget's API (/v1/*) is answered ahead of Express: every visitor keystroke comes through it,
 * its handler uses nothing Express adds, and Express's own work per request cost the gateway more
 * than the proxying (README, Performance). Every other request goes on to the Express app.
 */
function publicApiFirst(
  server: Server,
  api: PublicApi,
  logger: Logger,
  accessLog: (req: IncomingMessage, res: ServerResponse) => void,
): void {
  const expressApp = server.listeners('request')[0] as RequestListener;
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!req.url || !PUBLIC_API.test(req.url)) return expressApp(req, res);
    accessLog(req, res);
    req.url = req.url.slice('/v1'.length) || '/';
    try {
      securityHeaders(req, res, () => api.handle(req, res));
    } catch (err) {
      logger.error(err instanceof Error ? err.stack : String(err));
      sendError(res, 500, 'Internal server error');
    }
  });
}

/**
 * The gateway app. Order matters: /v1 is answered before Express; /api, /webhooks/stripe (Stripe's
 * events for billing, public), /shopify (the owner's browser during Shopify OAuth, public) and the public assets are
 * plain Express mounts registered before Nest's routes (health, runtime config, then the shell's
 * catch-all).
 * No body parser: the API proxy reads JSON bodies itself and streams everything else.
 */
export async function createGatewayApp(
  config: GatewayConfig,
  metrics = new Metrics('gateway'),
): Promise<INestApplication> {
  // JSON logs (pino): one access line per request with its id, which the gateway creates (or accepts
  // from its client) and forwards to the services; Nest's own lines through the same logger.
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const accessLog = createAccessLog(logger, metrics);
  const app = await NestFactory.create<NestExpressApplication>(GatewayModule.forRoot(config), {
    bodyParser: false,
    bufferLogs: true,
  });
  app.useLogger(new PinoNestLogger(new PinoLogger({ pinoHttp: { logger } }), {}));
  app.disable('x-powered-by');
  app.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
    accessLog(req, res);
    next();
  });
  app.use(securityHeaders);
  app.use('/api', app.get(ApiProxy).handle);
  app.use('/webhooks/stripe', app.get(StripeWebhookProxy).handle);
  app.use('/shopify', app.get(ShopifyOauthProxy).handle);
  publicApiFirst(app.getHttpServer() as Server, app.get(PublicApi), new Logger('PublicApi'), accessLog);
  // Pages, scripts and styles go out compressed (gzip or brotli); proxied API traffic is left as the
  // services send it, streamed.
  app.use(compression());
  for (const [path, handlers] of assetMounts(config, app.get(PagePolicy))) app.use(path, ...handlers);
  app.useGlobalFilters(new ErrorFilter(app.getHttpAdapter()));
  app.enableShutdownHooks();
  return app;
}
