import type { INestApplication } from '@nestjs/common';
import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

/** What the kit's decorators say about a route, carried in its Fastify route config. */
export interface RouteDescription {
  /** Largest body the route reads, in bytes (see BodyLimit). */
  bodyLimit?: number;
  /** The schemas its ValidBody / ValidQuery parameters check. */
  bodySchema?: z.ZodType;
  querySchema?: z.ZodType;
}

/**
 * Adds to a handler's Fastify route config (Nest passes it to fastify.route). Merges, so that
 * BodyLimit, ValidBody and ValidQuery on one handler all count; Nest's own @RouteConfig would
 * replace what they set, so the services use these decorators instead.
 */
export function describeRoute(handler: object, description: RouteDescription): void {
  const config: unknown = Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler);
  Reflect.defineMetadata(FASTIFY_ROUTE_CONFIG_METADATA, { ...(config as object), ...description }, handler);
}

/** One route as the app serves it. */
export interface ServedRoute extends RouteDescription {
  method: string;
  /** Fastify's pattern, e.g. `/stores/:id/search-settings`. */
  url: string;
}

const served = new WeakMap<object, ServedRoute[]>();

/** Records every route Fastify registers (Nest's controllers, health, HEAD twins of GET routes). */
export function recordRoutes(fastify: FastifyInstance): void {
  const routes: ServedRoute[] = [];
  served.set(fastify, routes);
  fastify.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as RouteDescription;
    for (const method of [route.method].flat()) {
      routes.push({
        method,
        url: route.url,
        bodyLimit: config.bodyLimit,
        bodySchema: config.bodySchema,
        querySchema: config.querySchema,
      });
    }
  });
}

/** The routes an app built by createServiceApp serves (complete once it has been initialised or listens). */
export function listRoutes(app: INestApplication): ServedRoute[] {
  const routes = served.get(app.getHttpAdapter().getInstance() as object);
  if (!routes) throw new Error('listRoutes: the app was not built by createServiceApp');
  return [...routes];
}
