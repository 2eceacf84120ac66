import { Inject, Injectable } from '@nestjs/common';
import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { GATEWAY_CONFIG, type GatewayConfig } from './config';
import { GatewayError } from './http-error';

/** The signed-in owner as the access token names them. */
export interface Identity {
  sub: string;
  email: string;
}

const unauthorized = (message: string) => new GatewayError(401, message, { 'www-authenticate': 'Bearer' });

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
        clockTolerance: 60,
        requiredClaims: ['exp', 'sub'],
      });
      const email = payload[this.config.AUTH_EMAIL_CLAIM] ?? payload.email;
      return { sub: payload.sub as string, email: typeof email === 'string' ? email : '' };
    } catch (err) {
      throw describe(err);
    }
  }
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
