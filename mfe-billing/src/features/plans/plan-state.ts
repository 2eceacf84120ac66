import {
  PLAN_CATALOGUE,
  platformOfPlan,
  type PlanCard,
  type PlanEntry,
  type PlanId,
  type PlanPrice,
} from '@sniff/contracts';

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

/**
 * The button of a card showing `price`, for an owner holding `plans` (null: not known yet). A paid
 * plan already held for the same platform is changed in the billing portal (upgrade, downgrade,
 * monthly to annual), never bought a second time.
 */
export function buttonState(price: PlanPrice, plans: readonly PlanEntry[] | null, pending: PlanId | null): ButtonState {
  if (plans === null) return { kind: 'unknown' };
  const held = plans.filter((p) => p.plan !== 'free');
  if (price.id === 'free') {
    if (held.length === 0) return { kind: 'active' };
    return {
      kind: 'not-available',
      reason: 'You have a paid plan. To return to the free plan, cancel it in Manage billing.',
    };
  }
  if (held.some((p) => p.plan === price.id)) return { kind: 'active' };
  const platform = platformOfPlan(price.id);
  if (held.some((p) => platformOfPlan(p.plan) === platform)) {
    return {
      kind: 'not-available',
      reason: `You already have a ${PLATFORM_NAME[platform]} plan: change it in Manage billing.`,
    };
  }
  return pending === price.id ? { kind: 'processing' } : { kind: 'subscribe' };
}

/**
 * The annual saving as the spec words it: against the list price in dollars and percent (rounded
 * down: "Save $49 (25%)"), else in percent against twelve monthly payments ("Save 17%").
 */
export function annualSavings(card: PlanCard): string | null {
  const { monthly, yearly } = card;
  if (!yearly) return null;
  if (yearly.listUsd) {
    const saved = yearly.listUsd - yearly.amountUsd;
    return `Save $${saved} (${Math.floor((saved / yearly.listUsd) * 100)}%)`;
  }
  if (!monthly) return null;
  const twelve = monthly.amountUsd * 12;
  return `Save ${Math.round(((twelve - yearly.amountUsd) / twelve) * 100)}%`;
}

/** "SaaS Starter (annual)" for a plan id; the id itself when the catalogue does not know it. */
export function planName(id: PlanId): string {
  const card = PLAN_CATALOGUE.find((c) => c.monthly?.id === id || c.yearly?.id === id);
  if (!card) return id;
  if (card.monthly && card.yearly) return `${card.name} (${card.yearly.id === id ? 'annual' : 'monthly'})`;
  return card.name;
}
