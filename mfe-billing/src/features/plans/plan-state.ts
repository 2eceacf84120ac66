import {
  annualSaving,
  type BillingSubscription,
  PLAN_CATALOGUE,
  platformOfPlan,
  type PlanCard,
  type PlanEntry,
  type PlanId,
  type PlanPrice,
} from '@sniff/contracts';
import { formatDay } from '@sniff/billing-ui';

/** What a card's button offers. */
export type ButtonState =
  | { kind: 'active' }
  /** `reason` says why and what to do instead. */
  | { kind: 'not-available'; reason: string }
  | { kind: 'processing' }
  | { kind: 'subscribe' }
  /** The owner's plans are not known (loading, or they failed to load): nothing can be offered yet. */
  | { kind: 'unknown' };

const PLATFORM_NAME = { custom: 'SaaS website', squarespace: 'Squarespace', shopify: 'Shopify' } as const;

const LIVE: ReadonlySet<BillingSubscription['status']> = new Set([
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'paused',
]);

/**
 * Why the free card is not available to an owner holding a paid plan, and how they get back to it: only a
 * billed plan not yet cancelled can be cancelled in Manage billing (a seeded plan has no billing at all).
 */
function returnToFreeText(subscriptions: readonly BillingSubscription[] | undefined): string {
  if (!subscriptions) return 'You have a paid plan.';
  const billed = subscriptions.filter((s) => s.source === 'stripe' && LIVE.has(s.status));
  if (billed.some((s) => !s.cancelAtPeriodEnd))
    return 'You have a paid plan. To return to the free plan, cancel it in Manage billing.';
  if (billed.length) {
    const ends = billed
      .map((s) => (s.status === 'trialing' ? (s.trialEnd ?? s.currentPeriodEnd) : s.currentPeriodEnd))
      .filter((end): end is string => end !== null)
      .sort();
    const last = ends[ends.length - 1];
    return last
      ? `Your paid plan is cancelled: you return to the free plan on ${formatDay(last)}.`
      : 'Your paid plan is cancelled: you return to the free plan when it ends.';
  }
  return 'Your paid plan was granted by Sniff and is not billed, so there is nothing to cancel.';
}

/**
 * The button of a card showing `price`, for an owner holding `plans` (null: not known yet). A paid
 * plan already held for the same platform is changed in the billing portal (upgrade, downgrade,
 * monthly to annual), never bought a second time.
 */
export function buttonState(
  price: PlanPrice,
  plans: readonly PlanEntry[] | null,
  pending: PlanId | null,
  subscriptions?: readonly BillingSubscription[],
): ButtonState {
  if (plans === null) return { kind: 'unknown' };
  const held = plans.filter((p) => p.plan !== 'free');
  if (price.id === 'free') {
    if (held.length === 0) return { kind: 'active' };
    return { kind: 'not-available', reason: returnToFreeText(subscriptions) };
  }
  if (held.some((p) => p.plan === price.id)) return { kind: 'active' };
  const platform = platformOfPlan(price.id);
  const mine = held.find((p) => platformOfPlan(p.plan) === platform);
  if (mine) {
    const billed = subscriptions?.some((s) => s.plan === mine.plan && s.source === 'stripe') ?? true;
    return {
      kind: 'not-available',
      reason: billed
        ? `You already have a ${PLATFORM_NAME[platform]} plan: change it in Manage billing.`
        : `You already have a ${PLATFORM_NAME[platform]} plan, granted by Sniff.`,
    };
  }
  return pending === price.id ? { kind: 'processing' } : { kind: 'subscribe' };
}

/** The annual saving as the price table words it ("Save $49 (25%)", "Save 17%"), the landing page's too. */
export const annualSavings = (card: PlanCard): string | null => annualSaving(card)?.text ?? null;

/** "SaaS Starter (annual)" for a plan id; the id itself when the catalogue does not know it. */
export function planName(id: PlanId): string {
  const card = PLAN_CATALOGUE.find((c) => c.monthly?.id === id || c.yearly?.id === id);
  if (!card) return id;
  if (card.monthly && card.yearly) return `${card.name} (${card.yearly.id === id ? 'annual' : 'monthly'})`;
  return card.name;
}
