import multipart from '@fastify/multipart';
import { type DynamicModule, type Provider, UnsupportedMediaTypeException } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { describeRoute, type KitRouteConfig } from './routes';

/**
 * The route reads a multipart/form-data upload itself, as it streams in, with `request.parts()`
 * (@fastify/multipart). Every other route refuses multipart bodies with a 415.
 */
export function Multipart(): MethodDecorator {
  return (_target, _key, descriptor) => describeRoute(descriptor.value as object, { multipart: true });
}

const ACCEPTS_UPLOADS = 'KIT_ACCEPTS_UPLOADS';

/**
 * A provider for a service's root module: the service has upload routes (see Multipart), so the kit
 * loads the multipart reader for it. Services without uploads never load it (nothing on their hot path).
 */
export function acceptsUploads(): Provider {
  return { provide: ACCEPTS_UPLOADS, useValue: true };
}

export function wantsUploads(root: DynamicModule): boolean {
  return !!root.providers?.some((p) => typeof p === 'object' && 'provide' in p && p.provide === ACCEPTS_UPLOADS);
}

/** Loads @fastify/multipart before any route exists (its request decorators must be there first). */
export async function installMultipart(fastify: FastifyInstance): Promise<void> {
  await fastify.register(multipart, { throwFileSizeLimit: true });
  fastify.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    const declared = (request.routeOptions.config as KitRouteConfig | undefined)?.multipart;
    if (request.isMultipart() && !declared)
      return done(new UnsupportedMediaTypeException('Send the request body as JSON (Content-Type: application/json)'));
    done();
  });
}
