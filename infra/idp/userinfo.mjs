// Auth0-style /userinfo: accepts the RS256 JWT access token issued for the API audience (Auth0 does the
// same when the token carries the openid scope) and answers the account's claims by scope.
import { accessTokenVerifier } from './access-token.mjs';

/**
 * @param {{ jwk: Record<string, unknown>, issuer: string, audience: string, publicOrigin: string,
 *   findAccount(id: string): Promise<{ id: string, name: string, email: string } | undefined> }} options
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<void>}
 */
export function userinfoHandler({ jwk, issuer, audience, publicOrigin, findAccount }) {
  const verifyAccessToken = accessTokenVerifier({ jwk, issuer });
  /** @returns {Record<string, any> | undefined} the verified payload */
  const verifyToken = (token) => {
    const verified = verifyAccessToken(token, [audience]);
    return verified.ok ? verified.payload : undefined;
  };

  return async (req, res) => {
    if (req.headers.origin === publicOrigin) {
      res.setHeader('access-control-allow-origin', publicOrigin);
      res.setHeader('vary', 'origin');
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-methods': 'GET, POST',
        'access-control-allow-headers': 'authorization, content-type, auth0-client',
      });
      return res.end();
    }
    const [scheme, token] = (req.headers.authorization ?? '').split(' ');
    const payload = scheme?.toLowerCase() === 'bearer' && token ? verifyToken(token) : undefined;
    const account = payload?.sub ? await findAccount(payload.sub) : undefined;
    if (!account) {
      res.writeHead(401, {
        'content-type': 'application/json',
        'www-authenticate': 'Bearer error="invalid_token"',
      });
      return res.end(JSON.stringify({ error: 'invalid_token', error_description: 'invalid or expired access token' }));
    }
    const scopes = String(payload.scope ?? '').split(' ');
    const claims = { sub: account.id };
    if (scopes.includes('profile')) claims.name = account.name;
    if (scopes.includes('email')) Object.assign(claims, { email: account.email, email_verified: true });
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(claims));
  };
}
