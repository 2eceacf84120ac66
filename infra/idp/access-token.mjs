// Verifies the IdP's own RS256 JWT access tokens (signature, issuer, audience, expiry), for the routes the
// IdP serves itself: /userinfo and the Management API.
import { createPublicKey, verify } from 'node:crypto';

const decode = (part) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

/**
 * @param {{ jwk: Record<string, unknown>, issuer: string }} options the private signing JWK and the issuer
 * @returns {(token: string, audiences: string[]) => { ok: true, payload: Record<string, any> }
 *   | { ok: false, reason: 'invalid' | 'expired' | 'audience', audience?: unknown }}
 */
export function accessTokenVerifier({ jwk, issuer }) {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = jwk;
  const key = createPublicKey({ key: publicJwk, format: 'jwk' });

  return (token, audiences) => {
    const parts = String(token).split('.');
    if (parts.length !== 3) return { ok: false, reason: 'invalid' };
    try {
      const header = decode(parts[0]);
      if (header.alg !== 'RS256' || (header.kid && header.kid !== jwk.kid)) return { ok: false, reason: 'invalid' };
      const signed = Buffer.from(`${parts[0]}.${parts[1]}`);
      if (!verify('RSA-SHA256', signed, key, Buffer.from(parts[2], 'base64url')))
        return { ok: false, reason: 'invalid' };
      const payload = decode(parts[1]);
      if (payload.iss !== issuer) return { ok: false, reason: 'invalid' };
      if (typeof payload.exp !== 'number' || payload.exp * 1000 < Date.now()) return { ok: false, reason: 'expired' };
      if (![payload.aud].flat().some((aud) => audiences.includes(aud)))
        return { ok: false, reason: 'audience', audience: payload.aud };
      return { ok: true, payload };
    } catch {
      return { ok: false, reason: 'invalid' };
    }
  };
}
