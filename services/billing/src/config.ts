import { z } from 'zod';
import { baseServiceConfigSchema, requiredInProduction } from '@sniff/service-kit';
import { planIdSchema, PlanId, Platform } from '@sniff/contracts';

export interface SeedPlan {
  sub: string;
  plan: PlanId;
}

/** Reads `sub:plan,sub:plan`; throws naming the first entry that is not a known plan. */
export function parseSeedPlans(value: string): SeedPlan[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const at = entry.lastIndexOf(':');
      const sub = entry.slice(0, at).trim();
      const plan = planIdSchema.safeParse(entry.slice(at + 1).trim());
      if (at <= 0 || !sub || !plan.success) throw new Error(`"${entry}" is not <owner-sub>:<plan id>`);
      return { sub, plan: plan.data };
    });
}

/** The platform a plan is for: busniess_* custom sites, squarespace_* Squarespace, starter Shopify. */
export function platformOfPlan(plan: PlanId): Platform {
  if (plan.startsWith('squarespace_')) return 'squarespace';
  if (plan === 'starter') return 'shopify';
  return 'custom';
}

const httpUrl = z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' });

/** The sibling services an account export or deletion reaches (internal routes). */
export const accountServicesConfigSchema = z.object({
  STORES_URL: httpUrl.default('http://127.0.0.1:3102'),
  SEARCH_URL: httpUrl.default('http://127.0.0.1:3103'),
  ANALYTICS_URL: httpUrl.default('http://127.0.0.1:3104'),
  FEEDBACK_URL: httpUrl.default('http://127.0.0.1:3105'),
  /**
   * Auth0's Management API, which deletes the sign-in account: the tenant's domain (e.g.
   * `sniff.eu.auth0.com`; the SDK always speaks https to it) and a Machine-to-Machine application
   * authorised for it with `delete:users read:users`. Locally, the identity provider's https port.
   */
  AUTH0_MGMT_DOMAIN: z.string().min(1).default('localhost:8090'),
  AUTH0_MGMT_CLIENT_ID: z.string().min(1).default('sniff-management'),
  AUTH0_MGMT_CLIENT_SECRET: z.string().min(1).default('local-management-secret-not-for-production'),
  /**
   * How long a deletion's job waits after the request before it deletes anything: a few of the gateways'
   * revocation polls, so a call that passed a gateway just before the request has finished.
   */
  DELETION_DELAY_SECONDS: z.coerce.number().int().min(0).default(5),
});
export type AccountServicesConfig = z.infer<typeof accountServicesConfigSchema>;

export const billingConfigSchema = requiredInProduction(
  baseServiceConfigSchema
    .extend({
      PORT: z.coerce.number().int().min(0).max(65535).default(3101),
      /** Stripe's secret key (sk_test_… / sk_live_…; the local provider accepts the one it was started with). */
      STRIPE_SECRET_KEY: z.string().min(1, 'is required (the launcher sets one for the local provider)'),
      /** The webhook endpoint's signing secret (whsec_…): only events signed with it change a plan. */
      STRIPE_WEBHOOK_SECRET: z.string().min(1, 'is required (whsec_… of the webhook endpoint)'),
      /** Where the Stripe API is, e.g. http://127.0.0.1:8097 for the local provider; unset: api.stripe.com. */
      STRIPE_API_URL: httpUrl.optional(),
      /** The dashboard's origin: checkout and the billing portal send the owner back there. */
      PUBLIC_URL: httpUrl.default('http://localhost:8080').transform((url) => url.replace(/\/+$/, '')),
      /** Plans granted at start-up, e.g. `demo-owner:busniess_starter_monthly` (comma-separated). */
      BILLING_SEED_PLANS: z
        .string()
        .default('')
        .superRefine((value, ctx) => {
          try {
            parseSeedPlans(value);
          } catch (err) {
            ctx.addIssue({ code: 'custom', message: (err as Error).message });
          }
        }),
    })
    .extend(accountServicesConfigSchema.shape),
  ['PUBLIC_URL', 'AUTH0_MGMT_DOMAIN', 'AUTH0_MGMT_CLIENT_ID', 'AUTH0_MGMT_CLIENT_SECRET'],
);
export type BillingConfig = z.infer<typeof billingConfigSchema>;
