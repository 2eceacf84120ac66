import {
  annualSaving,
  maxAnnualSavingPercent,
  PLAN_CATALOGUE,
  stripeAmountsOf,
  type PlanCard,
  type Platform,
} from '@sniff/contracts';

/**
 * The landing page's pricing, read from the one plan catalogue that the dashboard's subscribe page uses,
 * with its savings worked out by the same `annualSaving` (SaaS Starter: $141 against its $190 list price).
 */

export type Billing = 'monthly' | 'annually';

export interface PricingTab {
  key: 'squarespace' | 'saas';
  label: string;
  platform: Platform;
}

export const PRICING_TABS: readonly PricingTab[] = [
  { key: 'squarespace', label: 'Squarespace', platform: 'squarespace' },
  { key: 'saas', label: 'SaaS websites', platform: 'custom' },
];

export const plansFor = (platform: Platform): PlanCard[] => PLAN_CATALOGUE.filter((p) => p.platform === platform);

/** The best annual saving across the catalogue: the "Save up to N%" badge. */
export const MAX_ANNUAL_SAVING_PERCENT = maxAnnualSavingPercent(PLAN_CATALOGUE);

/** Cheapest paid monthly price (the "from $N/month" of the comparison and the structured-data offer). */
export const LOWEST_PAID_MONTHLY_USD = Math.min(
  ...PLAN_CATALOGUE.map((p) => p.monthly?.amountUsd ?? 0).filter((amount) => amount > 0),
);

export const usd = (amount: number): string => `$${Number.isInteger(amount) ? amount : amount.toFixed(2)}`;

export interface PriceView {
  /** "$19", "Free". */
  amount: string;
  /** "/month", "/year" or "" for free. */
  period: string;
  /** Crossed-out price, when there is one. */
  was?: string;
  /** One line under the price. */
  note: string;
  /** The coupon checkout applies ("$25 off with SNIFF50, applied at checkout"), as the plans page says it. */
  coupon?: string;
}

/** How a plan's price reads for the chosen billing period (plans without a yearly price stay monthly). */
export function priceView(plan: PlanCard, billing: Billing): PriceView {
  const monthly = plan.monthly;
  if (!monthly || monthly.amountUsd === 0) {
    return { amount: 'Free', period: '', note: 'No payment needed' };
  }
  const saving = annualSaving(plan);
  if (billing === 'annually' && plan.yearly && saving) {
    return {
      amount: usd(plan.yearly.amountUsd),
      period: '/year',
      was: usd(saving.againstUsd),
      note: `${usd(plan.yearly.amountUsd / 12)}/month billed yearly. ${saving.text}`,
    };
  }
  const coupon = stripeAmountsOf(monthly).coupon;
  return {
    amount: usd(monthly.amountUsd),
    period: '/month',
    was: monthly.listUsd ? usd(monthly.listUsd) : undefined,
    coupon: coupon && `${usd(coupon.amountOffCents / 100)} off with ${coupon.id}, applied at checkout`,
    note:
      billing === 'annually'
        ? 'Billed monthly only'
        : plan.yearly
          ? 'Billed monthly, cancel any time'
          : 'Billed monthly',
  };
}
