import { INestApplication, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ErrorFilter } from '@sniff/service-kit';
import compression from 'compression';
import type { NextFunction, Request, Response } from 'express';
import { ApiProxy } from './api-proxy';
import type { GatewayConfig } from './config';
import { assetMounts } from './frontend';
import { GatewayModule } from './gateway.module';
import { openCors, PublicApi } from './public-api';

const LEVELS: LogLevel[] = ['error', 'warn', 'log', 'debug'];

function securityHeaders(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader('referrer-policy', 'strict-origin-when-cross-origin');
  next();
}

/**
 * The gateway app. Order matters: /api, /v1 and the public assets are plain Express mounts
 * registered before Nest's routes (health, runtime config, then the shell's catch-all).
 * No body parser: the API proxy reads JSON bodies itself and streams everything else.
 */
export async function createGatewayApp(config: GatewayConfig): Promise<INestApplication> {
  const logger = LEVELS.slice(0, LEVELS.indexOf(config.LOG_LEVEL) + 1);
  const app = await NestFactory.create<NestExpressApplication>(GatewayModule.forRoot(config), {
    bodyParser: false,
    logger,
  });
  app.disable('x-powered-by');
  app.use(securityHeaders);
  app.use('/api', app.get(ApiProxy).handle);
  app.use('/v1', openCors, app.get(PublicApi).handle);
  // Pages, scripts and styles go out compressed (gzip or brotli); proxied API traffic is left as the
  // services send it, streamed.
  app.use(compression());
  for (const [path, handlers] of assetMounts(config)) app.use(path, ...handlers);
  app.useGlobalFilters(new ErrorFilter(app.getHttpAdapter()));
  app.enableShutdownHooks();
  return app;
}
