import {
  applyDecorators,
  HttpCode,
  RequestMapping,
  RequestMethod,
  SetMetadata,
  UseGuards,
  type CanActivate,
} from '@nestjs/common';
import type { Endpoint as Entry } from '@sniff/contracts';
import type { z } from 'zod';
import { InternalGuard, OwnerGuard } from './identity';
import { ENDPOINT_METADATA } from './routes';

const METHODS: Record<Entry['method'], RequestMethod> = {
  GET: RequestMethod.GET,
  POST: RequestMethod.POST,
  PUT: RequestMethod.PUT,
  DELETE: RequestMethod.DELETE,
};

/** The guard each access level takes; a public route (the widget, Stripe, a browser) has none. */
const GUARDS: Record<Entry['access'], (new () => CanActivate)[]> = {
  public: [],
  owner: [OwnerGuard],
  internal: [InternalGuard],
};

/**
 * Serves a handler as its entry in the endpoint registry of @sniff/contracts says, so a route is
 * stated once: its method, its full path, its success status (`status`, else 200, POST included) and
 * who may call it (owner: OwnerGuard, internal: InternalGuard, public: no guard).
 *
 * The path is the entry's whole path: the controller takes no prefix (`@Controller()`); one would move
 * the route off its registered path, which registryMismatches reports. The body and query are still
 * validated by the handler's parameters, with the entry's schemas: `@ValidBody(entry.body)`.
 */
export function Endpoint(entry: Entry): MethodDecorator {
  const guards = GUARDS[entry.access];
  return applyDecorators(
    RequestMapping({ method: METHODS[entry.method], path: entry.path }),
    HttpCode(entry.status ?? 200),
    ...(guards.length ? [UseGuards(...guards)] : []),
    // for listRoutes: registryMismatches checks each route is declared with its own service's entry
    SetMetadata(ENDPOINT_METADATA, entry),
  );
}

/** The body a handler gets from `@ValidBody(entry.body)`: the entry's body schema's output. */
export type BodyOf<E extends Entry> = z.output<NonNullable<E['body']>>;
/** The query a handler gets from `@ValidQuery(entry.query)`: the entry's query schema's output. */
export type QueryOf<E extends Entry> = z.output<NonNullable<E['query']>>;
