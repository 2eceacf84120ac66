import { z } from 'zod';
import { baseServiceConfigSchema, requiredInProduction } from '@sniff/service-kit';

export const analyticsConfigSchema = baseServiceConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3104),
  /** The stores service, asked which stores of a URL the caller owns. */
  STORES_URL: z.url('must be a URL like http://127.0.0.1:3102').default('http://127.0.0.1:3102'),
  /** The billing service, asked whether the caller's plan includes analytics, and for an owner's address. */
  BILLING_URL: z.url('must be a URL like http://127.0.0.1:3101').default('http://127.0.0.1:3101'),
  /** Search and click events one visitor may add to a store per hour, each; more are dropped. */
  EVENTS_PER_VISITOR_HOUR: z.coerce.number().int().min(1).default(30),
  /** Distinct visitors who must have searched a query before every visitor sees it suggested. */
  SUGGESTION_MIN_VISITORS: z.coerce.number().int().min(1).default(3),
  /** Hours between the first and the last of those searches: popularity takes time, a burst is not it. */
  SUGGESTION_MIN_HOURS: z.coerce.number().min(0).default(1),
  /**
   * The feedback service, which mails the weekly zero-result alerts. Absent or empty: an alert is logged
   * and not mailed.
   */
  FEEDBACK_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.url('must be a URL like http://127.0.0.1:3105').optional(),
  ),
  /** The product's public origin: the alerts link to the dashboard and to the unsubscribe page there. */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
    .default('http://localhost:8080')
    .transform((url) => url.replace(/\/+$/, '')),
  /** When the weekly zero-result alerts are looked for (cron, UTC; one replica runs each): a week's go out at the first run after it ends. */
  ZERO_RESULT_ALERTS_CRON: z.string().min(1).default('0 * * * *'),
});
// Production refuses the local default: alerts would link owners to localhost.
requiredInProduction(analyticsConfigSchema, ['PUBLIC_URL']);
export type AnalyticsConfig = z.infer<typeof analyticsConfigSchema>;
export const ANALYTICS_CONFIG = Symbol('ANALYTICS_CONFIG');
