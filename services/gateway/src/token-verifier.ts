import { Inject, Injectable } from '@nestjs/common';
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import { GATEWAY_CONFIG, type GatewayConfig } from './config';
import { GatewayError } from './http-error';

/** The signed-in owner as the access token names them. */
export interface Identity {
  sub: string;
  email: string;
}

const unauthorized = (message: string) => new GatewayError(401, message, { 'www-authenticate': 'Bearer' });

/** Clock skew allowed between the identity provider and the gateway. */
const LEEWAY_S = 60;
/** Control characters (C0, DEL, C1) and lone surrogates: no subject or e-mail has them, and they break headers and logs. */
const UNSAFE = /[\p{Cc}\p{Cs}]/u;

/** Verifies dashboard access tokens: RS256 only, issuer, audience, expiry, against the provider's cached JWKS. */
@Injectable()
export class TokenVerifier {
  private readonly jwks: ReturnType<typeof createRemoteJWKSet>;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {
    // Keys are cached for 10 minutes; an unknown `kid` refetches at most every 30 s (key rotation).
    this.jwks = createRemoteJWKSet(new URL(config.AUTH_JWKS_URL), {
      cacheMaxAge: 10 * 60_000,
      cooldownDuration: 30_000,
      timeoutDuration: 5_000,
    });
  }

  async verify(authorization: string | undefined): Promise<Identity> {
    const match = /^Bearer +([^\s]+)\s*$/i.exec(authorization ?? '');
    if (!match) throw unauthorized('Missing bearer token');
    try {
      const { payload } = await jwtVerify(match[1], this.jwks, {
        algorithms: ['RS256'],
        issuer: this.config.AUTH_ISSUER,
        audience: this.config.AUTH_AUDIENCE,
        clockTolerance: LEEWAY_S,
        requiredClaims: ['exp', 'sub'],
      });
      return identityOf(payload, this.config.AUTH_EMAIL_CLAIM);
    } catch (err) {
      throw err instanceof GatewayError ? err : describe(err);
    }
  }
}

/** The owner a verified token names, or a 401 for what jose leaves to us: `sub` and `iat`. */
function identityOf(payload: JWTPayload, emailClaim: string): Identity {
  const { sub, iat } = payload;
  // jose checks `iat` only against a maximum token age: one from the future would otherwise pass.
  if (typeof iat === 'number' && iat > Date.now() / 1000 + LEEWAY_S)
    throw unauthorized('Access token is not valid yet');
  if (typeof sub !== 'string' || sub === '') throw unauthorized('Access token has no subject');
  const claimed = payload[emailClaim] ?? payload.email;
  const email = typeof claimed === 'string' ? claimed : '';
  if (UNSAFE.test(sub)) throw unauthorized('Access token subject contains control characters or unpaired surrogates');
  if (UNSAFE.test(email)) throw unauthorized('Access token e-mail contains control characters or unpaired surrogates');
  return { sub, email };
}

function describe(err: unknown): GatewayError {
  if (err instanceof errors.JWTExpired) return unauthorized('Access token expired');
  if (err instanceof errors.JOSEAlgNotAllowed) return unauthorized('Access token must be signed with RS256');
  if (err instanceof errors.JWSSignatureVerificationFailed) return unauthorized('Access token signature is invalid');
  if (err instanceof errors.JWKSNoMatchingKey) return unauthorized('Access token was signed by an unknown key');
  if (err instanceof errors.JWTClaimValidationFailed) {
    if (err.claim === 'iss') return unauthorized('Access token issuer is not accepted');
    if (err.claim === 'aud') return unauthorized('Access token audience is not accepted');
    if (err.claim === 'nbf' || err.claim === 'iat') return unauthorized('Access token is not valid yet');
    return unauthorized(`Access token claim "${err.claim}" is missing or invalid`);
  }
  // The provider's key set could not be fetched: not the caller's fault.
  if (err instanceof errors.JWKSTimeout || err instanceof errors.JWKSInvalid || !(err instanceof errors.JOSEError)) {
    return new GatewayError(503, 'The sign-in service is unavailable; try again shortly');
  }
  return unauthorized('Access token is malformed');
}
