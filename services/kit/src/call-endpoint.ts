import { HttpException, Logger, ServiceUnavailableException } from '@nestjs/common';
import type { Endpoint, ServiceName } from '@sniff/contracts';
import { z } from 'zod';
import { internalHeaders } from './identity';
import { currentRequestId, REQUEST_ID_HEADER } from './logging';
import { ZodPipe } from './validation';

/** A registry entry other services may call (`access: 'internal'`). */
export type InternalEndpoint = Endpoint & { access: 'internal' };

/**
 * Where the siblings are: the caller's config, which names each sibling it calls `<SERVICE>_URL`
 * (BILLING_URL, STORES_URL, SEARCH_URL, ANALYTICS_URL, FEEDBACK_URL).
 */
export type SiblingUrls<S extends ServiceName = ServiceName> = {
  readonly [K in S as `${Uppercase<K>}_URL`]?: string | undefined;
};

/** The `:name` parameters of a path. */
type PathNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type PathPart<P extends string> = string extends P
  ? { path?: Record<string, string> }
  : [PathNames<P>] extends [never]
    ? { path?: never }
    : { path: Record<PathNames<P>, string> };

type QueryPart<Q> = Q extends z.core.$ZodType
  ? // a query whose every field may be left out (defaults) may be left out too
    object extends z.input<Q>
    ? { query?: z.input<Q> }
    : { query: z.input<Q> }
  : { query?: never };

type BodyPart<B> = B extends z.core.$ZodType ? { body: z.input<B> } : { body?: never };

/** What a call to an entry takes: its path parameters, query and body, typed from the entry. */
export type CallParams<E extends Endpoint> = PathPart<E['path']> & QueryPart<E['query']> & BodyPart<E['body']>;

/** What a call to an entry answers: its response schema's output (nothing for an entry without JSON). */
export type CallAnswer<E extends Endpoint> = E['response'] extends z.core.$ZodType ? z.output<E['response']> : void;

export interface CallOptions<S extends ServiceName> {
  /** The caller's config: the sibling's base URL is its `<SERVICE>_URL`. */
  urls: SiblingUrls<S>;
  timeoutMs?: number;
}

const logger = new Logger('callEndpoint');

/**
 * Calls a sibling service's internal route as its registry entry states it: path parameters filled in
 * (URL-encoded), query and body checked with the entry's schemas before anything is sent, the answer
 * checked with its response schema. A 4xx from the sibling is passed on as is; an unreachable sibling,
 * a 5xx or an answer that breaks the contract becomes a 503 naming the service.
 */
export async function callEndpoint<E extends InternalEndpoint>(
  entry: E,
  params: CallParams<E>,
  { urls, timeoutMs = 30_000 }: CallOptions<E['service']>,
): Promise<CallAnswer<E>> {
  const { service, method } = entry;
  if (entry.access !== 'internal') throw new Error(`${method} ${entry.path} is not an internal route`);
  const base = (urls as Record<string, string | undefined>)[`${service.toUpperCase()}_URL`];
  if (!base)
    throw new Error(`${method} ${entry.path}: no ${service.toUpperCase()}_URL to call the ${service} service at`);
  const { path = {}, query, body } = params as { path?: Record<string, string>; query?: unknown; body?: unknown };

  // A request the sibling would refuse is refused here, with the 400 its own validation would answer.
  if (entry.body) new ZodPipe(entry.body).transform(body);
  if (entry.query) new ZodPipe(entry.query).transform(query);
  const url = new URL(fillPath(entry, path), base);
  for (const [name, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v !== undefined && v !== null) url.searchParams.append(name, String(v));
    }
  }

  const requestId = currentRequestId();
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      // the request being handled is followed into the sibling's log by its id
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...internalHeaders(),
        ...(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    throw new ServiceUnavailableException(`The ${service} service is unavailable. Please try again.`);
  }
  let text: string;
  try {
    text = await res.text();
  } catch {
    // the connection dropped, or the timeout struck, while the answer was on its way
    throw new ServiceUnavailableException(`The ${service} service is unavailable. Please try again.`);
  }
  if (res.status >= 500) {
    throw new ServiceUnavailableException(`The ${service} service failed (${res.status}). Please try again.`);
  }
  if (!res.ok) throw new HttpException(json(text) ?? text, res.status);
  if (entry.response === null) return undefined as CallAnswer<E>;
  const answer = z.safeParse(entry.response, json(text));
  if (answer.success) return answer.data as CallAnswer<E>;
  // the sibling and this service disagree on the contract (one deployed ahead of the other)
  const issues = answer.error.issues.map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`).join('; ');
  logger.error(`${service} ${method} ${entry.path} answered ${res.status} outside its contract: ${issues}`);
  throw new ServiceUnavailableException(`The ${service} service answered unexpectedly. Please try again.`);
}

/** The entry's path with its `:name` parameters filled in; a missing one is a mistake in the caller. */
function fillPath(entry: Endpoint, params: Record<string, string>): string {
  return entry.path.replace(/:(\w+)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${entry.method} ${entry.path}: ${name} is missing`);
    return encodeURIComponent(value);
  });
}

/** The JSON of an answer; undefined for an empty or non-JSON one. */
function json(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
