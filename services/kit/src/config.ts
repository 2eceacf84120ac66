import { z } from 'zod';

/** TypeORM's pool per process; small, because the embedded Postgres runs one transaction at a time. */
export const DEFAULT_DATABASE_POOL_MAX = 5;
/** pg-boss's pool per process. */
export const DEFAULT_QUEUE_POOL_MAX = 3;

/** Settings every service reads; a service extends this with its own. */
export const baseServiceConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'),
  /** Shared secret the gateway and services put on internal calls; identity headers count only with it. */
  INTERNAL_TOKEN: z.string().min(16, 'must be at least 16 characters'),
  LOG_LEVEL: z.enum(['error', 'warn', 'log', 'debug']).default('log'),
  /** How long a starting service waits for its database to answer before it gives up (exit 1). */
  DATABASE_WAIT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /**
   * Connections each process keeps for its queries (TypeORM's pool). Every replica, and every search
   * worker, has its own, so Postgres (or PgBouncer) sees replicas x processes x this, plus QUEUE_POOL_MAX each.
   */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(DEFAULT_DATABASE_POOL_MAX),
  /** Connections each process keeps for the job queue (pg-boss), besides DATABASE_POOL_MAX. */
  QUEUE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(DEFAULT_QUEUE_POOL_MAX),
  /**
   * Run the service's pending migrations at start (under a lock, so replicas starting together are
   * safe). Production sets false and runs `node infra/bin/migrate.js` once per release instead.
   */
  MIGRATE_ON_START: z.preprocess(
    // a config parsed once already (a service's own schema parses the kit's again) holds a boolean
    (v) => (typeof v === 'boolean' ? String(v) : v),
    z
      .enum(['true', 'false'], { message: 'must be true or false' })
      .default('true')
      .transform((v) => v === 'true'),
  ),
});
export type BaseServiceConfig = z.infer<typeof baseServiceConfigSchema>;

export class ConfigError extends Error {}

/** Settings whose defaults are for local development only, by schema (see requiredInProduction). */
const productionOnly = new WeakMap<z.ZodType, readonly string[]>();

/**
 * Marks settings whose defaults point at the local stand-ins (the local identity provider, the mail
 * catcher, localhost): with NODE_ENV=production each must be set, or the process refuses to start.
 */
export function requiredInProduction<S extends z.ZodType>(schema: S, keys: readonly string[]): S {
  productionOnly.set(schema, keys);
  return schema;
}

/** Parses the environment at start-up; a bad or missing setting stops the service with a clear message. */
export function loadConfig<S extends z.ZodType>(
  service: string,
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<S> {
  const result = schema.safeParse(env);
  const lines = result.success ? [] : result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
  if (env.NODE_ENV === 'production') {
    for (const key of productionOnly.get(schema) ?? []) {
      if (!env[key]?.trim()) lines.push(`  ${key}: must be set in production (its default is for local development)`);
    }
  }
  if (result.success && !lines.length) return result.data;
  throw new ConfigError(`${service}: invalid configuration\n${lines.join('\n')}`);
}
