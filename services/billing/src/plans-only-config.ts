import { accountServicesConfigSchema, type AccountServicesConfig, type BillingConfig } from './config';

type StripeSettings =
  'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL' | 'PUBLIC_URL' | 'BILLING_SEED_PLANS';

/**
 * Billing as the other services' tests run it: it answers plans (seeded with `seedPlans`) and never
 * reaches Stripe (nothing listens at the API address it is given). Sibling services default to
 * their usual local ports unless `base` names them.
 */
export function plansOnlyBillingConfig(
  base: Omit<BillingConfig, StripeSettings | keyof AccountServicesConfig> & Partial<AccountServicesConfig>,
  seedPlans: string,
): BillingConfig {
  return {
    ...accountServicesConfigSchema.parse({}),
    ...base,
    STRIPE_SECRET_KEY: 'sk_test_unused',
    STRIPE_WEBHOOK_SECRET: 'whsec_unused',
    STRIPE_API_URL: 'http://127.0.0.1:9',
    PUBLIC_URL: 'http://localhost:8080',
    BILLING_SEED_PLANS: seedPlans,
  };
}
