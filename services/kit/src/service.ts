import { BadRequestException, DynamicModule, INestApplication, Logger, Module } from '@nestjs/common';
import { ModulesContainer, NestFactory } from '@nestjs/core';
import { Logger as PinoNestLogger } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { BaseServiceConfig, loadConfig } from './config';
import { installBodyLimits, JSON_BODY_LIMIT, TEXT_BODY_LIMIT } from './body-limits';
import { databaseOptions, DatabaseOptions, ensureSchema } from './database';
import { migrate } from './migrate';
import { errorName, ErrorFilter } from './errors';
import { setInternalToken } from './identity';
import { createLogger, loggerModule, REQUEST_ID_HEADER, requestIdOf } from './logging';
import { Metrics, MetricsModule, timeRequests } from './metrics';
import { DocsModule, ServedApp } from './openapi';
import { Queue } from './queue';
import { recordRoutes, type KitRouteConfig } from './routes';
import { installMultipart, wantsUploads } from './multipart';
import { assertSafeText, rejectUnsafeText } from './safe-text';
import { FAST_ROUTES, type FastRoute, fastPathOf, fastPathServer } from './fast-routes';

/** The service's TypeORM connection to its own schema, created before migrations run. */
export function serviceDatabase(config: BaseServiceConfig, o: Omit<DatabaseOptions, 'url'>): DynamicModule {
  return TypeOrmModule.forRootAsync({
    useFactory: async () => {
      // In production the migrate command (a Job, run once per release) has run them: MIGRATE_ON_START=false.
      if (config.MIGRATE_ON_START) {
        await migrate({ url: config.DATABASE_URL, waitSeconds: config.DATABASE_WAIT_SECONDS, ...o });
      } else {
        await ensureSchema(config.DATABASE_URL, o.schema, config.DATABASE_WAIT_SECONDS);
      }
      return databaseOptions({ url: config.DATABASE_URL, poolMax: config.DATABASE_POOL_MAX, ...o });
    },
  });
}

/** Providers for the job queue; add to a module's providers and inject `Queue`. */
export function queueProviders(config: BaseServiceConfig) {
  return [
    { provide: 'QUEUE_DATABASE_URL', useValue: config.DATABASE_URL },
    { provide: 'QUEUE_POOL_MAX', useValue: config.QUEUE_POOL_MAX },
    Queue,
  ];
}

/** The service's root module with the logger and the metrics beside it. */
@Module({})
class LoggedService {}

/**
 * Builds a service app with the shared error format and shutdown handling (used by main and tests).
 * Services run on Fastify: the search service answers every keystroke, and Nest on Fastify spends
 * about 30% less per request than on Express (measured through the gateway, README Performance).
 */
export async function createServiceApp(
  root: DynamicModule,
  config: BaseServiceConfig,
  name = 'service',
  /** Where log lines go (a test reads them); stdout by default. */
  logTo?: DestinationStream,
): Promise<INestApplication> {
  setInternalToken(config.INTERNAL_TOKEN);
  // Node's own keep-alive timeout (Fastify's is 72 s): a connection still busy when the app closes
  // is kept open after its answer for this long, and closing waits for it.
  // A trailing slash names the same route (the spec writes some paths with one: shopify/create-store-csv/).
  const server = fastPathServer();
  const adapter = new FastifyAdapter({
    serverFactory: server.serverFactory,
    bodyLimit: JSON_BODY_LIMIT,
    keepAliveTimeout: 5_000,
    frameworkErrors,
    routerOptions: { ignoreTrailingSlash: true },
    // The gateway's request id (or a new one): Fastify's id is the one the access log and siblings see.
    genReqId: requestIdOf,
  });
  // Structured logs (pino): an access line per request with its id, and Nest's own lines, as JSON.
  const metrics = new Metrics(name);
  const logger = createLogger(name, config.LOG_LEVEL, logTo);
  const logged: DynamicModule = {
    module: LoggedService,
    imports: [root, loggerModule(logger), MetricsModule.forRoot(metrics), DocsModule.forRoot(name)],
  };
  const app = await NestFactory.create<NestFastifyApplication>(logged, adapter, {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(PinoNestLogger));
  app.get(ServedApp).app = app;
  const fastify = app.getHttpAdapter().getInstance() as FastifyInstance;
  // Before Nest registers the routes (at init): the hooks see every route.
  recordRoutes(fastify);
  timeRequests(fastify, metrics);
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  installBodyLimits(fastify);
  rejectUnsafeText(fastify);
  bodyParsers(fastify);
  if (wantsUploads(root)) await installMultipart(fastify);
  app.useGlobalFilters(new ErrorFilter(app.getHttpAdapter()));
  // The routes a service answers before Fastify (fast-routes.ts), if its module provides any.
  const fast = fastRoutesOf(app);
  if (fast.length) server.use(fastPathOf(fast, logger, metrics));
  app.enableShutdownHooks();
  return app;
}

/** The FAST_ROUTES a module of the app provides (looked up, not asked for: app.get of a missing token ends the process). */
function fastRoutesOf(app: INestApplication): FastRoute[] {
  for (const module of app.get(ModulesContainer).values()) {
    const provided = module.providers.get(FAST_ROUTES)?.instance as FastRoute[] | undefined;
    if (provided) return provided;
  }
  return [];
}

/**
 * Requests the router refuses before any route or hook sees them, in the shared error format (the
 * router's own answers carry the raw path and no cache-control).
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const [statusCode, message] =
    error.code === 'FST_ERR_BAD_URL'
      ? [400, 'The request path is not valid percent-encoded UTF-8']
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? [414, 'A path segment is too long']
        : [error.statusCode ?? 500, error.message];
  reply
    .code(statusCode)
    .header('cache-control', 'no-store')
    .send({ statusCode, error: errorName(statusCode), message });
}

/**
 * JSON bodies (an empty one is no body) and text bodies, read as strings. A body that does not
 * parse gets our own message rather than the parser's, which names neither problem nor request.
 */
function bodyParsers(fastify: FastifyInstance): void {
  fastify.removeAllContentTypeParsers();
  // The unsafe-text hook checks what these parsers return.
  // Read as bytes: a RawBody route gets them as sent, every other route the parsed UTF-8 text.
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, async (req: FastifyRequest, body: Buffer) => {
    if ((req.routeOptions.config as KitRouteConfig | undefined)?.rawBody) return body;
    const text = body.toString('utf8');
    return text.trim() ? parseJson(text) : undefined;
  });
  fastify.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: TEXT_BODY_LIMIT }, (_req, body, done) =>
    done(null, body),
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BadRequestException('Request body is not valid JSON');
  }
}

/**
 * `text` (a body a route reads as JSON after the kit's hooks, e.g. a text/plain beacon) parsed as
 * JSON; a 400 "Request body is not valid JSON" when it is not one, and the unsafe-text rule's 400.
 */
export function parseJsonBody(text: string): unknown {
  const value = parseJson(text);
  assertSafeText(value, 'body');
  return value;
}

/** main.ts of every service: validate config (clear error and exit 1), build, listen. */
export async function runService<S extends z.ZodType<BaseServiceConfig>>(
  name: string,
  schema: S,
  root: (config: z.infer<S>) => DynamicModule,
): Promise<INestApplication> {
  let config: z.infer<S>;
  try {
    config = loadConfig(name, schema);
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const app = await createServiceApp(root(config), config, name);
  await app.listen(config.PORT, config.HOST);
  new Logger(name).log(`listening on http://${config.HOST}:${config.PORT}`);
  return app;
}
