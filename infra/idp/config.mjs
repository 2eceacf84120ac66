// The identity provider's environment, validated at start-up. An empty variable counts as unset.
import { z } from 'zod';

const unsetIfEmpty = (schema) => z.preprocess((value) => (value === '' ? undefined : value), schema);

const schema = z.object({
  IDP_PORT: unsetIfEmpty(z.coerce.number().int().min(0).max(65535).default(8090)),
  IDP_ISSUER: unsetIfEmpty(z.url().optional()),
  PUBLIC_URL: unsetIfEmpty(z.url().default('http://localhost:8080')),
  DATABASE_URL: unsetIfEmpty(z.string({ error: 'is required (postgres://…)' })),
  AUTH_AUDIENCE: unsetIfEmpty(z.string().default('https://api.sniff.dev')),
  /** the first block of an e-mail after too many wrong passwords; each next one lasts twice as long */
  IDP_SIGNIN_BLOCK_SECONDS: unsetIfEmpty(z.coerce.number().int().min(1).max(3600).default(60)),
  /** the machine-to-machine client of the Management API (billing deletes accounts with it) */
  IDP_MGMT_CLIENT_ID: unsetIfEmpty(z.string().min(1).default('sniff-management')),
  IDP_MGMT_CLIENT_SECRET: unsetIfEmpty(z.string().min(16).default('local-management-secret-not-for-production')),
  /** Management API requests per client per minute; more get Auth0's 429 */
  IDP_MGMT_RATE_LIMIT: unsetIfEmpty(z.coerce.number().int().min(1).max(100_000).default(600)),
  /** PEM files: with both, the IdP's port also speaks HTTPS (the auth0 SDK's ManagementClient only calls https://) */
  IDP_TLS_CERT_FILE: unsetIfEmpty(z.string().optional()),
  IDP_TLS_KEY_FILE: unsetIfEmpty(z.string().optional()),
});

/**
 * @param {Record<string, string | undefined>} env
 * @returns {{ ok: true, options: Parameters<typeof import('./server.mjs').startIdp>[0] } | { ok: false, error: string }}
 */
export function idpOptionsFromEnv(env) {
  const parsed = schema.safeParse(env);
  if (!parsed.success)
    return { ok: false, error: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') };
  const c = parsed.data;
  if (Boolean(c.IDP_TLS_CERT_FILE) !== Boolean(c.IDP_TLS_KEY_FILE))
    return { ok: false, error: 'IDP_TLS_CERT_FILE and IDP_TLS_KEY_FILE: set both or neither' };
  return {
    ok: true,
    options: {
      port: c.IDP_PORT,
      issuer: c.IDP_ISSUER ?? `http://localhost:${c.IDP_PORT}/`,
      publicUrl: c.PUBLIC_URL,
      databaseUrl: c.DATABASE_URL,
      audience: c.AUTH_AUDIENCE,
      signInBlockSeconds: c.IDP_SIGNIN_BLOCK_SECONDS,
      management: {
        clientId: c.IDP_MGMT_CLIENT_ID,
        clientSecret: c.IDP_MGMT_CLIENT_SECRET,
        perMinute: c.IDP_MGMT_RATE_LIMIT,
      },
      tls: c.IDP_TLS_CERT_FILE ? { certFile: c.IDP_TLS_CERT_FILE, keyFile: c.IDP_TLS_KEY_FILE } : undefined,
    },
  };
}
