// Billing calls of the dashboard (spec section 7 `stripe/checkout-session`, section 9 lifecycle and quotas).
// Reached through the gateway as /api/billing/<path>.
import { z } from './zod';
import { planIdSchema, platformSchema } from './plan-schemas';

const email = z.string().check(z.trim(), z.minLength(1, 'email is required'));

/** Days of full access every paid plan starts with (section 9). */
export const TRIAL_DAYS = 3;

// POST stripe/checkout-session {plan, email} -> {sessionId, url}
export const checkoutSessionRequestSchema = z.object({ plan: planIdSchema, email });
export type CheckoutSessionRequest = z.infer<typeof checkoutSessionRequestSchema>;
export const checkoutSessionResponseSchema = z.object({
  sessionId: z.string().check(z.minLength(1)),
  url: z.string().check(z.url()),
});
export type CheckoutSessionResponse = z.infer<typeof checkoutSessionResponseSchema>;

// POST stripe/checkout-session/cancel {email} -> {canceled}: ends the owner's open checkout, changes no plan
export const cancelCheckoutRequestSchema = z.object({ email });
export const cancelCheckoutResponseSchema = z.object({ canceled: z.boolean() });
export type CancelCheckoutResponse = z.infer<typeof cancelCheckoutResponseSchema>;

// POST stripe/portal-session {email} -> {url}: "Manage billing" (change plan, period, card; cancel)
export const portalSessionRequestSchema = z.object({ email });
export const portalSessionResponseSchema = z.object({ url: z.string().check(z.url()) });
export type PortalSessionResponse = z.infer<typeof portalSessionResponseSchema>;

/** Stripe's subscription statuses; trialing, active and past_due keep the plan's access. */
export const SUBSCRIPTION_STATUSES = [
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'paused',
] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const billingSubscriptionSchema = z.object({
  plan: planIdSchema,
  platform: platformSchema,
  status: subscriptionStatusSchema,
  /** ISO times; null when not applicable (a seeded plan has no period). */
  trialEnd: z.nullable(z.string()),
  currentPeriodEnd: z.nullable(z.string()),
  /** Cancelled by the owner: the plan stays until currentPeriodEnd ("active until ..."). */
  cancelAtPeriodEnd: z.boolean(),
  /** The last renewal charge failed (status past_due or unpaid). */
  paymentFailed: z.boolean(),
  /** 'stripe' for subscriptions bought through checkout, 'seed' for BILLING_SEED_PLANS grants. */
  source: z.enum(['stripe', 'seed']),
});
export type BillingSubscription = z.infer<typeof billingSubscriptionSchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  /** ISO time the invoice was created. */
  date: z.string(),
  /** In cents, as Stripe counts. */
  amountCents: z.number().check(z.int()),
  currency: z.string(),
  status: z.enum(['draft', 'open', 'paid', 'uncollectible', 'void']),
  /** Stripe's hosted invoice / receipt page; null while a draft. */
  receiptUrl: z.nullable(z.string()),
});
export type Invoice = z.infer<typeof invoiceSchema>;

// POST billing/account {email} -> the owner's subscriptions (not only the active ones) and invoices
export const billingAccountRequestSchema = z.object({ email });
export const billingAccountResponseSchema = z.object({
  subscriptions: z.array(billingSubscriptionSchema),
  invoices: z.array(invoiceSchema),
});
export type BillingAccountResponse = z.infer<typeof billingAccountResponseSchema>;

// POST search/usage {email} -> this month's searches against the plan's quota
export const usageRequestSchema = z.object({ email });
export const usageResponseSchema = z.object({
  used: z.number().check(z.int(), z.gte(0)),
  /** null: the plan has no search quota. */
  quota: z.nullable(z.number().check(z.int(), z.positive())),
  /**
   * Searches still answered past the quota before the widgets pause (the grace share); null when
   * the plan has no quota.
   */
  grace: z.nullable(z.number().check(z.int(), z.gte(0))),
  /** ISO times of the current period (a calendar month, UTC). */
  periodStart: z.string(),
  periodEnd: z.string(),
});
export type UsageResponse = z.infer<typeof usageResponseSchema>;

/** The calendar month (UTC) `at` falls in: usage quotas reset on the 1st. */
export function usagePeriod(at: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { start, end };
}
