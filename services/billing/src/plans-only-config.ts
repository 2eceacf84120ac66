import type { BillingConfig } from './config';

/**
 * Billing as the other services' tests run it: it answers plans (seeded with `seedPlans`) and never
 * reaches Stripe (nothing listens at the API address it is given).
 */
export function plansOnlyBillingConfig(
  base: Omit<
    BillingConfig,
    'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL' | 'PUBLIC_URL' | 'BILLING_SEED_PLANS'
  >,
  seedPlans: string,
): BillingConfig {
  return {
    ...base,
    STRIPE_SECRET_KEY: 'sk_test_unused',
    STRIPE_WEBHOOK_SECRET: 'whsec_unused',
    STRIPE_API_URL: 'http://127.0.0.1:9',
    PUBLIC_URL: 'http://localhost:8080',
    BILLING_SEED_PLANS: seedPlans,
  };
}
