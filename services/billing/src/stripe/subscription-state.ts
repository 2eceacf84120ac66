import type Stripe from 'stripe';
import { planIdSchema, subscriptionStatusSchema, type PlanId, type SubscriptionStatus } from '@sniff/contracts';

/** What billing keeps of a Stripe subscription. */
export interface SubscriptionState {
  stripeSubscriptionId: string;
  stripeCustomerId: string;
  plan: PlanId;
  status: SubscriptionStatus;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** Stripe's own word that renewal payment is failing. */
  statusSaysUnpaid: boolean;
}

export const idOf = (ref: string | { id?: string | null } | null | undefined): string | undefined =>
  typeof ref === 'string' ? ref : (ref?.id ?? undefined);

const time = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/**
 * Reads the state of a subscription as Stripe returned it; a string naming what is wrong when it is
 * not one of ours (a price without a plan's lookup key).
 */
export function subscriptionState(sub: Stripe.Subscription): SubscriptionState | string {
  const item = sub.items?.data?.[0];
  const plan = planIdSchema.safeParse(item?.price?.lookup_key);
  if (!plan.success) return `its price has no plan id as lookup key (${String(item?.price?.lookup_key)})`;
  const status = subscriptionStatusSchema.safeParse(sub.status);
  if (!status.success) return `its status "${sub.status}" is not one billing knows`;
  // Newer API versions keep the period on the item; older ones on the subscription.
  const legacy = sub as unknown as { current_period_end?: number };
  return {
    stripeSubscriptionId: sub.id,
    stripeCustomerId: idOf(sub.customer) ?? '',
    plan: plan.data,
    status: status.data,
    trialEnd: time(sub.trial_end),
    currentPeriodEnd: time(item?.current_period_end ?? legacy.current_period_end),
    cancelAtPeriodEnd: !!sub.cancel_at_period_end,
    statusSaysUnpaid: status.data === 'past_due' || status.data === 'unpaid',
  };
}

/** The subscription an event is about, if any. */
export function subscriptionIdOf(event: Stripe.Event): string | undefined {
  const object = event.data.object as unknown as Record<string, unknown> & { object?: string };
  switch (event.type) {
    case 'checkout.session.completed':
      return idOf(object.subscription as string | null);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return idOf(object as { id: string });
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      // Newer API versions name it under parent.subscription_details; older ones at the top.
      const parent = object.parent as { subscription_details?: { subscription?: string | { id: string } } } | null;
      return idOf(parent?.subscription_details?.subscription) ?? idOf(object.subscription as string | null);
    }
    default:
      return undefined;
  }
}
