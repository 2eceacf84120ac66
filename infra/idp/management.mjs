// The part of Auth0's Management API v2 the product uses: GET and DELETE /api/v2/users/{id}, for a
// machine-to-machine token (client_credentials) issued by this IdP for the management audience. Statuses,
// error bodies ({statusCode, error, message, errorCode}) and X-RateLimit-* headers follow Auth0's.
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { accessTokenVerifier } from './access-token.mjs';

export const MANAGEMENT_SCOPES = ['read:users', 'delete:users'];

const STATUS_TEXT = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
};
const USERS_PATH = /^\/api\/v2\/users\/([^/]+)$/;
/** the scope each route needs (Auth0: "expected any of") */
const NEEDED_SCOPE = { GET: 'read:users', DELETE: 'delete:users' };

/**
 * @param {{ jwk: Record<string, unknown>, issuer: string, audiences: string[], perMinute: number,
 *   store: { findById(id: string): Promise<{ id: string, email: string, name: string, createdAt: Date } | undefined>,
 *     deleteAccount(id: string): Promise<boolean> }, log: (line: string) => void }} options
 *   audiences: the identifiers a management token may carry
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, url: URL) => Promise<void>}
 */
export function managementHandler({ jwk, issuer, audiences, perMinute, store, log }) {
  const verify = accessTokenVerifier({ jwk, issuer });
  const limiter = new RateLimiterMemory({ keyPrefix: 'management-api', points: perMinute, duration: 60 });

  const send = (res, status, body, headers = {}) => {
    res.writeHead(status, {
      ...headers,
      'cache-control': 'no-store',
      ...(body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }),
    });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };
  const error = (res, status, message, extra = {}, headers = {}) =>
    send(res, status, { statusCode: status, error: STATUS_TEXT[status], message, ...extra }, headers);
  /** Auth0 repeats a token's problem in attributes.error */
  const unauthorized = (res, message) =>
    error(res, 401, message, message === 'Missing authentication' ? {} : { attributes: { error: message } });

  /** @returns {Promise<Record<string, string> | undefined>} the X-RateLimit-* headers, undefined once refused */
  async function rateLimit(res, clientId) {
    let outcome;
    try {
      outcome = await limiter.consume(clientId);
    } catch (refused) {
      if (!(refused instanceof RateLimiterRes)) throw refused;
      outcome = refused;
    }
    const headers = {
      'x-ratelimit-limit': String(perMinute),
      'x-ratelimit-remaining': String(Math.max(0, outcome.remainingPoints)),
      'x-ratelimit-reset': String(Math.ceil((Date.now() + outcome.msBeforeNext) / 1000)),
    };
    if (outcome.consumedPoints <= perMinute) return headers;
    error(res, 429, 'Global limit has been reached', { errorCode: 'too_many_requests' }, headers);
    return undefined;
  }

  return async (req, res, url) => {
    const route = USERS_PATH.exec(url.pathname);
    const needed = NEEDED_SCOPE[req.method ?? ''];
    if (!route || !needed) return error(res, 404, 'Not Found');

    const [scheme, token, ...rest] = (req.headers.authorization ?? '').split(' ');
    if (!scheme) return unauthorized(res, 'Missing authentication');
    if (scheme.toLowerCase() !== 'bearer' || !token || rest.length)
      return error(res, 400, 'Bad HTTP authentication header format');
    const verified = verify(token, audiences);
    if (!verified.ok) {
      if (verified.reason === 'expired')
        return unauthorized(res, 'Expired token received for JSON Web Token validation');
      if (verified.reason === 'audience')
        return unauthorized(res, `Bad audience: ${[verified.audience].flat().join(' ')}`);
      return unauthorized(res, 'Invalid token');
    }
    const scopes = String(verified.payload.scope ?? '').split(' ');
    if (!scopes.includes(needed))
      return error(res, 403, `Insufficient scope, expected any of: ${needed}`, { errorCode: 'insufficient_scope' });
    const limits = await rateLimit(res, String(verified.payload.client_id ?? verified.payload.sub));
    if (!limits) return undefined;

    let id;
    try {
      id = decodeURIComponent(route[1]);
    } catch {
      return error(
        res,
        400,
        'Path validation error: the user id is not a valid URI component',
        { errorCode: 'invalid_uri' },
        limits,
      );
    }
    if (req.method === 'GET') {
      const account = await store.findById(id);
      if (!account) return error(res, 404, 'The user does not exist.', { errorCode: 'inexistent_user' }, limits);
      return send(res, 200, auth0User(account), limits);
    }
    // Auth0 answers 204 whether or not the user existed
    if (await store.deleteAccount(id)) log(`idp: deleted account ${id} (Management API)`);
    return send(res, 204, undefined, limits);
  };
}

/** An account as Auth0's Management API shows a database-connection user. */
function auth0User(account) {
  const created = account.createdAt.toISOString();
  return {
    user_id: account.id,
    email: account.email,
    email_verified: true,
    name: account.name,
    nickname: account.email.split('@')[0],
    created_at: created,
    updated_at: created,
    identities: [
      { connection: 'Username-Password-Authentication', provider: 'auth0', user_id: account.id, isSocial: false },
    ],
  };
}
