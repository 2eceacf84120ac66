import compress from '@fastify/compress';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { createLogger, ErrorFilter, fastPathServer, frameworkErrors, Metrics } from '@sniff/service-kit';
import { Logger as PinoNestLogger, PinoLogger } from 'nestjs-pino';
import { ApiProxy } from './api-proxy';
import type { GatewayConfig } from './config';
import { Frontend } from './frontend';
import { GatewayModule } from './gateway.module';
import { PublicApi } from './public-api';
import { PublicSite } from './public-site';
import { registerRoutes } from './routes';
import { ShopifyOauthProxy } from './shopify-oauth';
import { AlertsUnsubscribeProxy } from './alerts-unsubscribe';
import { StripeWebhookProxy } from './stripe-webhook';

/** What @fastify/compress compresses: text, scripts, JSON, XML, SVG (not images, fonts or archives). */
const COMPRESSIBLE = /^text\/(?!event-stream)|javascript|(?:\+|\/)(?:json|xml|text)(?:;|$)/;

/**
 * The gateway app: NestJS on Fastify, as the services. Nest holds the parts (config, token verifier,
 * rate limits, proxies); routes.ts registers every route on the Fastify instance.
 */
export async function createGatewayApp(
  config: GatewayConfig,
  metrics = new Metrics('gateway'),
): Promise<INestApplication> {
  // JSON logs (pino): one access line per request with its id, which the gateway creates (or accepts
  // from its client) and forwards to the services; Nest's own lines through the same logger.
  const logger = createLogger('gateway', config.LOG_LEVEL);
  // The widget's searches are answered before Fastify (routes.ts), once the routes are registered.
  const server = fastPathServer();
  const adapter = new FastifyAdapter({
    serverFactory: server.serverFactory,
    // No Nest middleware: the gateway's per-request work is in routes.ts.
    skipMiddie: true,
    // Node's default, as before: a connection still open when the gateway closes is ended this soon after its answer.
    keepAliveTimeout: 5_000,
    // A /api or page path is passed on whole, however long its segments.
    routerOptions: { maxParamLength: 8 * 1024 },
    frameworkErrors,
  });
  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule.forRoot(config), adapter, {
    bodyParser: false,
    bufferLogs: true,
  });
  app.useLogger(new PinoNestLogger(new PinoLogger({ pinoHttp: { logger } }), {}));
  const fastify = adapter.getInstance();
  // No body is parsed: the proxies read the request's stream themselves (a JSON body to check its
  // e-mail, a small event whole) or stream it on untouched (uploads, Stripe's signed events).
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', (_request, _body, done) => done(null, undefined));
  // Pages, scripts and styles go out compressed (gzip or brotli) when the build did not; proxied
  // routes take over their response (reply.hijack), so API traffic leaves as the services send it.
  await fastify.register(compress, { customTypes: COMPRESSIBLE, globalDecompression: false });
  const fastPath = registerRoutes(
    fastify,
    {
      publicApi: app.get(PublicApi),
      api: app.get(ApiProxy),
      stripe: app.get(StripeWebhookProxy),
      shopify: app.get(ShopifyOauthProxy),
      alerts: app.get(AlertsUnsubscribeProxy),
      frontend: app.get(Frontend),
      site: app.get(PublicSite),
    },
    logger,
    metrics,
  );
  server.use(fastPath);
  app.useGlobalFilters(new ErrorFilter(app.getHttpAdapter()));
  app.enableShutdownHooks();
  return app;
}
