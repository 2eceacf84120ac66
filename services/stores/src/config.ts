import { z } from 'zod';
import { baseServiceConfigSchema } from '@sniff/service-kit';

const url = z.string().url('must be an http(s) URL');

/** `http://127.0.0.1:8095`: scheme, host and port only, as the browser's `URL.origin` writes it. */
const originSchema = z.string().transform((value, ctx) => {
  let u: URL | null = null;
  try {
    u = new URL(value);
  } catch {
    /* reported below */
  }
  const bare = u && u.pathname === '/' && !u.search && !u.hash && !u.username && !u.password;
  if (!u || !bare || (u.protocol !== 'http:' && u.protocol !== 'https:')) {
    ctx.addIssue({ code: 'custom', message: `"${value}" is not an http(s) origin such as http://127.0.0.1:8095` });
    return z.NEVER;
  }
  return u.origin;
});

export const storesConfigSchema = baseServiceConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3102),
  BILLING_URL: url.default('http://127.0.0.1:3101'),
  SEARCH_URL: url.default('http://127.0.0.1:3103'),
  /** The analytics service, asked for a store's popular queries (the suggestions an owner may hide). */
  ANALYTICS_URL: url.default('http://127.0.0.1:3104'),
  /**
   * Origins (comma-separated, e.g. `http://127.0.0.1:8095`) the crawler may reach even on loopback or
   * private addresses: exact scheme, host and port, so allowing a local demo site opens no other port.
   */
  FETCH_ALLOW_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(originSchema)),
  /** Replaced by FETCH_ALLOW_ORIGINS: a leftover setting stops the service instead of being ignored. */
  FETCH_ALLOW_HOSTS: z
    .undefined({ error: 'was replaced by FETCH_ALLOW_ORIGINS (exact origins such as http://127.0.0.1:8095)' })
    .optional(),
  /** Seconds a crawl job may run before it counts as abandoned (its worker died) and is retried. */
  INGEST_EXPIRE_SECONDS: z.coerce.number().int().min(1).default(300),
  INGEST_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).default(30),
  /** First wait before pushing saved search settings again after the search service did not take them. */
  SETTINGS_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(5),
});
export type StoresConfig = z.infer<typeof storesConfigSchema>;

export const STORES_CONFIG = 'STORES_CONFIG';
