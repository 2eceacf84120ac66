import { BadRequestException, DynamicModule, INestApplication, Logger, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { TypeOrmModule } from '@nestjs/typeorm';
import { json, type NextFunction, type Request, type Response } from 'express';
import type { z } from 'zod';
import { BaseServiceConfig, loadConfig } from './config';
import { databaseOptions, DatabaseOptions, ensureSchema } from './database';
import { ErrorFilter } from './errors';
import { setInternalToken } from './identity';
import { Queue } from './queue';

const LEVELS: LogLevel[] = ['error', 'warn', 'log', 'debug'];

/** The service's TypeORM connection to its own schema, created before migrations run. */
export function serviceDatabase(config: BaseServiceConfig, o: Omit<DatabaseOptions, 'url'>): DynamicModule {
  return TypeOrmModule.forRootAsync({
    useFactory: async () => {
      await ensureSchema(config.DATABASE_URL, o.schema);
      return databaseOptions({ url: config.DATABASE_URL, ...o });
    },
  });
}

/** Providers for the job queue; add to a module's providers and inject `Queue`. */
export function queueProviders(config: BaseServiceConfig) {
  return [{ provide: 'QUEUE_DATABASE_URL', useValue: config.DATABASE_URL }, Queue];
}

/** Builds a service app with the shared error format and shutdown handling (used by main and tests). */
export async function createServiceApp(root: DynamicModule, config: BaseServiceConfig): Promise<INestApplication> {
  setInternalToken(config.INTERNAL_TOKEN);
  const level = LEVELS.indexOf(config.LOG_LEVEL);
  const app = await NestFactory.create<NestExpressApplication>(root, {
    logger: LEVELS.slice(0, level + 1),
    bodyParser: false,
  });
  // Indexing calls carry whole sites; dashboard calls are small.
  app.use(json({ limit: '20mb' }), notJson);
  app.useGlobalFilters(new ErrorFilter());
  app.enableShutdownHooks();
  return app;
}

/**
 * A body that does not parse gets our own message; Nest would pass on the parser's ("Unexpected
 * end of JSON input"), which names neither the problem nor the request.
 */
function notJson(error: unknown, _req: Request, _res: Response, next: NextFunction): void {
  const parseFailed = (error as { type?: string } | null)?.type === 'entity.parse.failed';
  next(parseFailed ? new BadRequestException('Request body is not valid JSON') : error);
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
  const app = await createServiceApp(root(config), config);
  await app.listen(config.PORT, config.HOST);
  new Logger(name).log(`listening on http://${config.HOST}:${config.PORT}`);
  return app;
}
