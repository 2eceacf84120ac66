import { BadRequestException } from '@nestjs/common';
import { fieldName, findUnsafeText, unsafeTextMessage } from '@sniff/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Refuses (400 naming the field) a value holding text Postgres cannot store, by the one rule of
 * @sniff/contracts. `whole` names the value itself when it is such a string (e.g. "body").
 */
export function assertSafeText(value: unknown, whole: string): void {
  const path = findUnsafeText(value);
  if (!path) return;
  const field = path.length ? fieldName(path) : whole;
  throw new BadRequestException({ statusCode: 400, error: 'Bad Request', message: unsafeTextMessage(field), field });
}

/**
 * Applies the rule to every route of the app, once, before any guard, pipe or handler sees the
 * request: path parameters, query string and body (as parsed; JSON that a route parses later from
 * a text body goes through parseJsonBody, which applies it too).
 */
export function rejectUnsafeText(fastify: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every search answer, and costs no promise there.
  fastify.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    try {
      assertSafeText(request.params, 'path');
      assertSafeText(request.query, 'query');
      // A RawBody route's bytes are its handler's to check (a Buffer is not text).
      if (!Buffer.isBuffer(request.body)) assertSafeText(request.body, 'body');
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
}
