import Stripe from 'stripe';
import type { BillingConfig } from './config';

/** Nest token of the one Stripe client. */
export const STRIPE = Symbol('STRIPE');

/**
 * The Stripe client billing uses everywhere. STRIPE_API_URL points the SDK at another host (the
 * local provider in infra/stripe); the API version is the one this SDK release is typed for.
 */
export function createStripeClient(config: Pick<BillingConfig, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>): Stripe {
  const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : undefined;
  return new Stripe(config.STRIPE_SECRET_KEY, {
    // Retries of a request carry the same Idempotency-Key (the SDK adds one to each POST).
    maxNetworkRetries: 2,
    // A dashboard call waits for Stripe; 80 s (the SDK's default) is longer than anyone waits.
    timeout: 15_000,
    telemetry: false,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'https:' ? ('https' as const) : ('http' as const),
        }
      : {}),
  });
}
