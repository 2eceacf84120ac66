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
  return {
    ok: true,
    options: {
      port: c.IDP_PORT,
      issuer: c.IDP_ISSUER ?? `http://localhost:${c.IDP_PORT}/`,
      publicUrl: c.PUBLIC_URL,
      databaseUrl: c.DATABASE_URL,
      audience: c.AUTH_AUDIENCE,
      signInBlockSeconds: c.IDP_SIGNIN_BLOCK_SECONDS,
    },
  };
}
