import { INestApplication, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants';
import type { Endpoint } from '@sniff/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { ZodPipe } from './validation';

/** What the kit's decorators say about a route, carried in its Fastify route config. */
export interface KitRouteConfig {
  /** Largest body the route reads, in bytes (see BodyLimit). */
  bodyLimit?: number;
  /** What a 413 says instead of naming the limit in bytes (see BodyLimit). */
  bodyLimitMessage?: string;
  /** The JSON body reaches the handler as the bytes sent, unparsed (see RawBody). */
  rawBody?: boolean;
  /** The handler reads a multipart/form-data upload itself (see Multipart). */
  multipart?: boolean;
}

/**
 * Adds to a handler's Fastify route config (Nest passes it to fastify.route). Merges, so that more
 * than one kit decorator can describe a handler; Nest's own @RouteConfig replaces the whole config,
 * so the services use the kit's decorators instead.
 */
export function describeRoute(handler: object, config: KitRouteConfig): void {
  const current: unknown = Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler);
  Reflect.defineMetadata(FASTIFY_ROUTE_CONFIG_METADATA, { ...(current as object), ...config }, handler);
}

/** Where @Endpoint(entry) keeps the registry entry a handler is declared with. */
export const ENDPOINT_METADATA = 'sniff:endpoint';

/** One route as the app serves it. */
export interface ServedRoute extends KitRouteConfig {
  method: string;
  /** Fastify's pattern, e.g. `/stores/:id/search-settings`. */
  url: string;
  /** The registry entry its handler is declared with (see Endpoint); none for the kit's own routes. */
  endpoint?: Endpoint;
  /** The zod schemas its body and query are validated with (a ZodPipe on @Body() or @Query()). */
  bodySchema?: z.core.$ZodType;
  querySchema?: z.core.$ZodType;
}

type HandlerFacts = Pick<ServedRoute, 'endpoint' | 'bodySchema' | 'querySchema'>;

const served = new WeakMap<object, ServedRoute[]>();

/** Records every route Fastify registers (Nest's controllers, health, HEAD twins of GET routes). */
export function recordRoutes(fastify: FastifyInstance): void {
  const routes: ServedRoute[] = [];
  served.set(fastify, routes);
  fastify.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as KitRouteConfig;
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, bodyLimit: config.bodyLimit });
  });
}

const joinPath = (...parts: string[]) =>
  `/${parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/')}`;

/**
 * Every controller handler's registry entry and the schemas of its validated body and query, by
 * "METHOD /path" (Nest's own metadata).
 */
function handlerFacts(app: INestApplication): Map<string, HandlerFacts> {
  const facts = new Map<string, HandlerFacts>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (abstract new (...args: never[]) => object) | null;
      if (!controller) continue;
      const prefixes = [Reflect.getMetadata(PATH_METADATA, controller) as string | string[] | undefined].flat();
      const proto = controller.prototype as Record<string, unknown>;
      for (const key of Object.getOwnPropertyNames(proto)) {
        const handler = proto[key];
        if (key === 'constructor' || typeof handler !== 'function') continue;
        const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        if (paths === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, key) ?? {}) as Record<
          string,
          { data?: unknown; pipes?: unknown[] }
        >;
        const found: HandlerFacts = {
          endpoint: Reflect.getMetadata(ENDPOINT_METADATA, handler) as Endpoint | undefined,
        };
        for (const [argKey, arg] of Object.entries(args)) {
          const pipe = arg.pipes?.find((p): p is ZodPipe<z.core.$ZodType> => p instanceof ZodPipe);
          if (!pipe || arg.data !== undefined) continue;
          const type = Number(argKey.split(':')[0]);
          if (type === RouteParamtypes.BODY) found.bodySchema = pipe.schema;
          if (type === RouteParamtypes.QUERY) found.querySchema = pipe.schema;
        }
        for (const prefix of prefixes) {
          for (const path of [paths].flat()) facts.set(`${method} ${joinPath(prefix ?? '', path)}`, found);
        }
      }
    }
  }
  return facts;
}

/**
 * The routes an app built by createServiceApp serves (complete once it listens or has been
 * initialised), each with its body limit, the registry entry it is declared with and the schemas its
 * body and query are validated with.
 */
export function listRoutes(app: INestApplication): ServedRoute[] {
  const routes = served.get(app.getHttpAdapter().getInstance() as object);
  if (!routes) throw new Error('listRoutes: the app was not built by createServiceApp');
  const facts = handlerFacts(app);
  return routes.map((route) => ({ ...route, ...facts.get(`${route.method} ${route.url}`) }));
}
