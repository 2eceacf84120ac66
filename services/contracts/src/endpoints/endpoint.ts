import type { z } from 'zod';

/**
 * Any zod schema, of the classic API (`zod`) or the tree-shakable one (`zod/mini`): both are built on
 * zod's core, and the registry's users parse, type and describe schemas through it.
 */
type ZodType = z.core.$ZodType;

export type ServiceName = 'billing' | 'stores' | 'search' | 'analytics' | 'feedback' | 'registry';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Endpoint<
  Body extends ZodType | undefined = ZodType | undefined,
  Response extends ZodType | null = ZodType | null,
  Query extends ZodType | undefined = ZodType | undefined,
> {
  service: ServiceName;
  method: HttpMethod;
  /** The service's own path (`:name` parameters); the gateway serves owner routes under `/api/<service>`. */
  path: string;
  /** public: anyone (the widget, Stripe, a browser); owner: a verified owner's token; internal: other services only. */
  access: 'public' | 'owner' | 'internal';
  summary: string;
  /** The request body; multipart: the form's text fields (the file part is described by `file`). */
  body?: Body;
  bodyType?: 'json' | 'multipart' | 'raw';
  /** multipart: the name of the file field. */
  file?: string;
  query?: Query;
  /** The status of a successful answer (200 unless said). */
  status?: number;
  /** The JSON answer; null when the answer is a redirect or a page, not JSON. */
  response: Response;
}

/**
 * Marks an endpoint. Typed as written: its schemas stay exact for callers and handlers, and its service,
 * access and path stay literal, so a service's call names the path parameters the entry has (renaming
 * one fails the caller's typecheck) and only internal entries are callable between services.
 */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

/**
 * The dashboard's request for an endpoint through the gateway (`<service>/<path>` under /api/), with
 * its path parameters filled in: what an RTK Query `query` returns.
 */
export function apiRequest(
  e: Endpoint,
  { params = {}, body }: { params?: Record<string, string>; body?: unknown } = {},
): { url: string; method: HttpMethod; body?: unknown } {
  const path = e.path.replace(/:(\w+)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${e.method} ${e.path}: ${name} is missing`);
    return encodeURIComponent(value);
  });
  return { url: `${e.service}${path}`, method: e.method, ...(body === undefined ? {} : { body }) };
}
