// Squarespace's error object, the same for every failing Commerce API call:
// {type, subtype, message, details, contextId}, every field present, nullable ones null.
import { randomBytes } from 'node:crypto';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Like Squarespace's contextId (e.g. "RUPSUSPOW"): what a merchant quotes to Customer Care. */
export function newContextId() {
  let id = '';
  for (const byte of randomBytes(9)) id += LETTERS[byte % LETTERS.length];
  return id;
}

export class SquarespaceError extends Error {
  /**
   * @param {number} status
   * @param {{ type: string, subtype?: string | null, message: string, headers?: Record<string, string> }} details
   */
  constructor(status, { type, subtype = null, message, headers = {} }) {
    super(message);
    this.status = status;
    this.type = type;
    this.subtype = subtype;
    this.headers = headers;
  }

  get body() {
    return { type: this.type, subtype: this.subtype, message: this.message, details: null, contextId: newContextId() };
  }
}

export const invalidRequest = (message, subtype = null) =>
  new SquarespaceError(400, { type: 'INVALID_REQUEST_ERROR', subtype, message });

export const unauthorized = (message) => new SquarespaceError(401, { type: 'AUTHORIZATION_ERROR', message });

export const forbidden = (message) =>
  new SquarespaceError(403, { type: 'FORBIDDEN', subtype: 'ACCESS_DENIED', message });

export const notFound = (message) => new SquarespaceError(404, { type: 'NOT_FOUND', message });

export const methodNotAllowed = (method, path) =>
  new SquarespaceError(405, {
    type: 'INVALID_REQUEST_ERROR',
    subtype: 'METHOD_NOT_ALLOWED',
    message: `${method} is not supported on ${path}.`,
    headers: { allow: 'GET' },
  });

/** @param {number} retryAfterSeconds */
export const rateLimited = (retryAfterSeconds) =>
  new SquarespaceError(429, {
    type: 'RATE_LIMIT_EXCEEDED',
    message: 'Too many requests. The rate limit is exceeded; wait for the cool-down before retrying.',
    headers: { 'retry-after': String(retryAfterSeconds) },
  });

export const unavailable = () =>
  new SquarespaceError(503, {
    type: 'INTERNAL_ERROR',
    subtype: 'SERVICE_UNAVAILABLE',
    message: 'The service is temporarily unavailable. Try again later.',
  });

export const internalError = () =>
  new SquarespaceError(500, { type: 'INTERNAL_ERROR', message: 'An unexpected error occurred.' });
