import { z } from 'zod';
import { baseServiceConfigSchema } from '@sniff/service-kit';

const url = z.string().url('must be an http(s) URL');

export const storesConfigSchema = baseServiceConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3102),
  BILLING_URL: url.default('http://127.0.0.1:3101'),
  SEARCH_URL: url.default('http://127.0.0.1:3103'),
  /** The analytics service, asked for a store's popular queries (the suggestions an owner may hide). */
  ANALYTICS_URL: url.default('http://127.0.0.1:3104'),
  /** Host names/IPs the crawler may reach even on loopback or private addresses (local sites only). */
  FETCH_ALLOW_HOSTS: z.string().default(''),
  /** Seconds a crawl job may run before it counts as abandoned (its worker died) and is retried. */
  INGEST_EXPIRE_SECONDS: z.coerce.number().int().min(1).default(300),
  INGEST_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).default(30),
  /** First wait before pushing saved search settings again after the search service did not take them. */
  SETTINGS_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(5),
});
export type StoresConfig = z.infer<typeof storesConfigSchema>;

export const STORES_CONFIG = 'STORES_CONFIG';

export function allowHosts(config: Pick<StoresConfig, 'FETCH_ALLOW_HOSTS'>): string[] {
  return config.FETCH_ALLOW_HOSTS.split(',')
    .map((h) => h.trim())
    .filter(Boolean);
}
