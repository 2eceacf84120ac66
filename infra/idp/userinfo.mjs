// Auth0-style /userinfo: accepts the RS256 JWT access token issued for the API audience (Auth0 does the
// same when the token carries the openid scope) and answers the account's claims by scope.
import { createPublicKey, verify } from 'node:crypto';

const decode = (part) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

/**
 * @param {{ jwk: Record<string, unknown>, issuer: string, audience: string, publicOrigin: string,
 *   findAccount(id: string): Promise<{ id: string, name: string, email: string } | undefined> }} options
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<void>}
 */
export function userinfoHandler({ jwk, issuer, audience, publicOrigin, findAccount }) {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = jwk;
  const key = createPublicKey({ key: publicJwk, format: 'jwk' });

  /** @returns {Record<string, any> | undefined} the verified payload */
  function verifyToken(token) {
    const parts = token.split('.');
    if (parts.length !== 3) return undefined;
    try {
      const header = decode(parts[0]);
      if (header.alg !== 'RS256' || (header.kid && header.kid !== jwk.kid)) return undefined;
      const ok = verify('RSA-SHA256', Buffer.from(`${parts[0]}.${parts[1]}`), key, Buffer.from(parts[2], 'base64url'));
      if (!ok) return undefined;
      const payload = decode(parts[1]);
      const audiences = [payload.aud].flat();
      if (payload.iss !== issuer || !audiences.includes(audience)) return undefined;
      if (typeof payload.exp !== 'number' || payload.exp * 1000 < Date.now()) return undefined;
      return payload;
    } catch {
      return undefined;
    }
  }

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
