import { z } from 'zod';
import { baseServiceConfigSchema } from '@sniff/service-kit';

export const analyticsConfigSchema = baseServiceConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3104),
  /** The stores service, asked which stores of a URL the caller owns. */
  STORES_URL: z.url('must be a URL like http://127.0.0.1:3102').default('http://127.0.0.1:3102'),
  /** The billing service, asked whether the caller's plan includes analytics. */
  BILLING_URL: z.url('must be a URL like http://127.0.0.1:3101').default('http://127.0.0.1:3101'),
  /** Search and click events one visitor may add to a store per hour, each; more are dropped. */
  EVENTS_PER_VISITOR_HOUR: z.coerce.number().int().min(1).default(30),
  /** Distinct visitors who must have searched a query before every visitor sees it suggested. */
  SUGGESTION_MIN_VISITORS: z.coerce.number().int().min(1).default(3),
  /** Hours between the first and the last of those searches: popularity takes time, a burst is not it. */
  SUGGESTION_MIN_HOURS: z.coerce.number().min(0).default(1),
});
export type AnalyticsConfig = z.infer<typeof analyticsConfigSchema>;
export const ANALYTICS_CONFIG = Symbol('ANALYTICS_CONFIG');
