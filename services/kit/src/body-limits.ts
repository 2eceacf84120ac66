import { PayloadTooLargeException } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { describeRoute, type KitRouteConfig } from './routes';

export const KB = 1024;
export const MB = 1024 * KB;
/**
 * JSON bodies of routes that declare no limit. A store's search settings declare 2 MB (200 synonym
 * rules of 21 words of 64 letters, about 860 KB in three-byte letters, plus 100 pinned answers,
 * up to about 800 KB); indexing calls, which carry whole sites, declare their own.
 */
export const JSON_BODY_LIMIT = 1 * MB;
/** Text bodies (navigator.sendBeacon posts JSON as text/plain) of routes that declare no limit. */
export const TEXT_BODY_LIMIT = 16 * KB;

/**
 * The largest body (JSON or text alike) a route reads; a larger one is refused with 413. Applied
 * by the kit's onRoute hook as the route's Fastify bodyLimit.
 */
export function BodyLimit(bytes: number, message?: string): MethodDecorator {
  if (!Number.isInteger(bytes) || bytes <= 0) throw new Error(`BodyLimit: ${bytes} is not a positive number of bytes`);
  return (_target, _key, descriptor) =>
    describeRoute(descriptor.value as object, { bodyLimit: bytes, ...(message ? { bodyLimitMessage: message } : {}) });
}

/**
 * The route's JSON body reaches the handler as a Buffer of the bytes sent, unparsed: a signed
 * payload (a Stripe webhook) is verified over exactly those bytes. Body limits apply as usual.
 */
export function RawBody(): MethodDecorator {
  return (_target, _key, descriptor) => describeRoute(descriptor.value as object, { rawBody: true });
}

function formatBytes(bytes: number): string {
  if (bytes % MB === 0) return `${bytes / MB} MB`;
  if (bytes % KB === 0) return `${bytes / KB} KB`;
  return `${bytes} bytes`;
}

function tooLargeMessage(limit: number, request?: FastifyRequest): string {
  const own = (request?.routeOptions.config as KitRouteConfig | undefined)?.bodyLimitMessage;
  return own ?? `Request body is larger than ${formatBytes(limit)}, the limit of this route`;
}

/** The limit Fastify applies: the route's own, else its content-type parser's (see bodyParsers). */
export function bodyLimitOf(request: FastifyRequest): number {
  const declared = (request.routeOptions.config as KitRouteConfig | undefined)?.bodyLimit;
  if (declared) return declared;
  return /^text\/plain\b/i.test(request.headers['content-type'] ?? '') ? TEXT_BODY_LIMIT : JSON_BODY_LIMIT;
}

/** The 413 for a body over the route's limit (a route that reads its own body, e.g. an upload). */
export function bodyTooLarge(request: FastifyRequest): PayloadTooLargeException {
  return new PayloadTooLargeException(tooLargeMessage(bodyLimitOf(request), request));
}

/**
 * Per-route body limits: a route's declared limit becomes its Fastify bodyLimit (which beats the
 * content-type parsers' own), and a larger body is a 413 that names the limit.
 * - With a Content-Length over the limit, refused before a byte is read, and the connection stays
 *   open (Node discards the rest of the body): a proxy that streams the body, like the gateway, then
 *   relays the 413 instead of failing halfway through its upload (it answered 503).
 * - A chunked body is refused by Fastify as it passes the limit, which closes the connection.
 */
export function installBodyLimits(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route) => {
    const declared = (route.config as KitRouteConfig | undefined)?.bodyLimit;
    if (declared) route.bodyLimit = declared;
  });
  fastify.addHook('preParsing', async (request, _reply, payload) => {
    const length = Number(request.headers['content-length']);
    if (length > 0 && length > bodyLimitOf(request)) throw bodyTooLarge(request);
    return payload;
  });
  fastify.addHook('onError', async (request, _reply, error) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') error.message = tooLargeMessage(bodyLimitOf(request), request);
  });
}
