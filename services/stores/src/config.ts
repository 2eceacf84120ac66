import { z } from 'zod';
import { baseServiceConfigSchema, requiredInProduction } from '@sniff/service-kit';
import { parseSecretKey } from './secrets/secret-box';

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

export const storesConfigSchema = requiredInProduction(
  baseServiceConfigSchema.extend({
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
    /** Attempts after the first before a sync is marked failed (waits double each time from INGEST_RETRY_DELAY_SECONDS). */
    INGEST_RETRY_LIMIT: z.coerce.number().int().min(0).max(10).default(3),
    /** How long one fetch of a page, sitemap or API call may take. */
    FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
    /**
     * Keys that seal owners' Squarespace API keys and Shopify tokens at rest: 32 bytes as hex or base64,
     * comma-separated, the first sealing (put a new key first to rotate). `npm start` keeps one in .data/.
     */
    SECRETS_KEY: z
      .string({ error: 'is required (32 random bytes as hex, e.g. from `openssl rand -hex 32`)' })
      .transform((value, ctx) => {
        const keys = value.split(',').map((k) => parseSecretKey(k));
        if (!keys.length || keys.some((k) => !k)) {
          ctx.addIssue({
            code: 'custom',
            message: 'each key must be 32 bytes written as 64 hex or 44 base64 characters',
          });
          return z.NEVER;
        }
        return keys as Buffer[];
      }),
    /** The product's public URL: Shopify calls back at <PUBLIC_URL>/shopify/callback and the result goes to its origin. */
    PUBLIC_URL: url.default('http://localhost:8080'),
    /** Squarespace's Commerce API (the local stand-in under `npm start`). */
    SQUARESPACE_API_URL: url.default('https://api.squarespace.com'),
    /** The Shopify app's client id and secret; without them "Connect with Shopify" answers that it is not set up. */
    SHOPIFY_API_KEY: z.string().trim().min(1).optional(),
    SHOPIFY_API_SECRET: z.string().trim().min(1).optional(),
    /**
     * Where shops are reached: unset for Shopify itself (https://<shop>); the local stand-in's
     * http://localhost:8098/shops, so shop x.myshopify.com is at http://localhost:8098/shops/x.myshopify.com.
     */
    SHOPIFY_SHOPS_URL: url.optional(),
    /** Admin API version Sniff asks for (Shopify supports each for a year; the library knows up to 2026-04). */
    SHOPIFY_API_VERSION: z
      .string()
      .regex(/^\d{4}-\d{2}$/, 'must be a version such as 2026-04')
      .default('2026-04'),
    /** "Sync now" may be pressed once per store in this many seconds. */
    SYNC_NOW_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(60),
    /** How often due stores are looked for (cron, pg-boss; one replica sends it). */
    SYNC_SCHEDULE_CRON: z.string().default('* * * * *'),
  }),
  ['PUBLIC_URL'],
);
export type StoresConfig = z.infer<typeof storesConfigSchema>;

export const STORES_CONFIG = 'STORES_CONFIG';
