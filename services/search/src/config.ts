import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { SEARCHES_PER_VISITOR_DAY } from '@sniff/contracts';
import { baseServiceConfigSchema, requiredInProduction, trustedProxiesSetting } from '@sniff/service-kit';

export const searchConfigSchema = baseServiceConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3103),
  /**
   * Search processes sharing the port (each a replica with its own indexes, see workers.ts): 2 by
   * default, 1 on a one-core host. Memory for indexes is SEARCH_CACHE_MB per worker.
   */
  SEARCH_WORKERS: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(() => Math.min(2, availableParallelism())),
  /**
   * Worker i (from 0) also listens on SEARCH_WORKER_PORT + i, so a load balancer can send each
   * store's searches to the workers that hold it (placement by store: infra/deploy/k8s/search-lb.cfg).
   * Unset: the workers share PORT only, as on one host (`npm start`).
   */
  SEARCH_WORKER_PORT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1).max(65535).optional(),
  ),
  /** Memory for the stores' indexes on this replica (worker), in MB (least recently used leave first). */
  SEARCH_CACHE_MB: z.coerce.number().min(1).default(1024),
  /**
   * A direct Postgres connection (not through PgBouncer's transaction pooling, which cannot
   * LISTEN) on which each worker hears store changes. Unset: DATABASE_URL.
   */
  DATABASE_LISTEN_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url('must be a postgres:// URL').optional()),
  /**
   * Store changes reach the workers holding the store by Postgres notification (search_store_changed).
   * Besides, a held index is checked against the database when it is older than this: 0 (the default)
   * never, as long as the notifications flow; while they do not (connection lost), every 2 s.
   */
  SEARCH_REVALIDATE_MS: z.coerce.number().int().min(0).default(0),
  /**
   * The analytics service, asked for each store's popular queries to suggest beside the index's
   * own words. Absent or empty: suggestions come from the index alone.
   */
  ANALYTICS_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.url('must be a URL like http://127.0.0.1:3104').optional(),
  ),
  /** How old a store's popular queries may get before they are fetched again (in the background). */
  SEARCH_POPULAR_TTL_MS: z.coerce.number().int().min(0).default(600_000),
  /**
   * Secret that signs each answer's searchId and hashes visitors' addresses; every replica needs the
   * same. Unset: derived from INTERNAL_TOKEN, which every replica already shares.
   */
  EVENT_SIGNING_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  /**
   * Who may name the visitor in X-Forwarded-For: the gateway's addresses (IPs, CIDRs, `loopback`…).
   * Its own name, not the gateway's TRUSTED_PROXIES (the proxies in front of the gateway): one
   * environment often holds both.
   */
  SEARCH_TRUSTED_PROXIES: trustedProxiesSetting('loopback'),
  /** Events one visitor may send per store and minute to this worker; more are dropped (analytics bounds them again, durably). */
  SEARCH_EVENTS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /**
   * The stores service, asked for each store's widget rules (what its owner's plan allows) when a
   * widget mounts. Absent: every widget gets the free plan's rules.
   */
  STORES_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.url('must be a URL like http://127.0.0.1:3102').optional(),
  ),
  /** How long a store's widget rules (with its owner and monthly quota) are reused before they are asked for again. */
  SEARCH_WIDGET_RULES_TTL_MS: z.coerce.number().int().min(0).default(300_000),
  /**
   * How often this worker adds its counted searches to the database and works out again which
   * stores are over their owner's monthly quota (a killed worker loses at most this much counting).
   */
  SEARCH_USAGE_FLUSH_MS: z.coerce.number().int().min(10).default(2_000),
  /**
   * Counting caps (issue: nobody outside may use up an owner's searches). Each day (UTC), one
   * visitor address adds at most SEARCH_COUNT_PER_VISITOR_DAY searches to an owner's usage, one
   * network (an IPv4 /24, an IPv6 /48) at most SEARCH_COUNT_PER_NETWORK_DAY, and all visitors
   * together at most SEARCH_COUNT_DAY_SHARE of the owner's monthly quota. Searches past a cap are
   * still answered; they are just not counted.
   */
  SEARCH_COUNT_PER_VISITOR_DAY: z.coerce.number().int().min(1).default(SEARCHES_PER_VISITOR_DAY),
  SEARCH_COUNT_PER_NETWORK_DAY: z.coerce.number().int().min(1).default(60),
  SEARCH_COUNT_DAY_SHARE: z.coerce.number().gt(0).max(1).default(0.2),
  /**
   * The billing service, asked for an owner's plans when they read their usage (POST /usage) and for
   * their e-mail address when a quota notice goes out.
   */
  BILLING_URL: z.url('must be a URL like http://127.0.0.1:3101').default('http://127.0.0.1:3101'),
  /**
   * The feedback service, which mails owners their quota notices (80% and 100% of the month's searches).
   * Absent or empty: a notice is logged and not mailed.
   */
  FEEDBACK_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.url('must be a URL like http://127.0.0.1:3105').optional(),
  ),
  /** The product's public origin: quota notices link to its upgrade page there. */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
    .default('http://localhost:8080')
    .transform((url) => url.replace(/\/+$/, '')),
});
// Production refuses the local default: notices would link owners to localhost.
requiredInProduction(searchConfigSchema, ['PUBLIC_URL']);
export type SearchConfig = z.infer<typeof searchConfigSchema>;

export const SEARCH_CONFIG = Symbol('SEARCH_CONFIG');

/** Fills the search settings' defaults (tests pass only the base settings). */
export function withSearchDefaults(
  config: z.input<typeof baseServiceConfigSchema> & Partial<SearchConfig>,
): SearchConfig {
  return searchConfigSchema.parse(config);
}
