import { z } from 'zod';
import { baseServiceConfigSchema } from '@sniff/service-kit';

export const analyticsConfigSchema = baseServiceConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3104),
  /** The stores service, asked which stores of a URL the caller owns. */
  STORES_URL: z.url('must be a URL like http://127.0.0.1:3102').default('http://127.0.0.1:3102'),
  /** The billing service, asked whether the caller's plan includes analytics. */
  BILLING_URL: z.url('must be a URL like http://127.0.0.1:3101').default('http://127.0.0.1:3101'),
});
export type AnalyticsConfig = z.infer<typeof analyticsConfigSchema>;
export const ANALYTICS_CONFIG = Symbol('ANALYTICS_CONFIG');
