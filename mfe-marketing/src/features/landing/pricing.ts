import { PLAN_CATALOGUE, type PlanCard, type Platform } from '@sniff/contracts';

/**
 * The landing page's pricing, read from the one plan catalogue that the dashboard's subscribe page uses.
 *
 * Annual saving reading: a yearly price against twelve monthly payments (SaaS Starter: $141 against
 * 12 × $19 = $228, 38%; Squarespace: $50 against $60, 17%). The catalogue's crossed-out yearly list price
 * ($190) is the other reading (25%); the "Save up to 38%" badge of the spec matches this one.
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

/** Whole-percent saving of paying yearly instead of monthly, or null when a plan has no such choice. */
export function annualSavingPercent(plan: PlanCard): number | null {
  if (!plan.monthly || !plan.yearly || plan.monthly.amountUsd <= 0) return null;
  const twelveMonths = plan.monthly.amountUsd * 12;
  return Math.round((1 - plan.yearly.amountUsd / twelveMonths) * 100);
}

/** The best annual saving across the catalogue: the "Save up to N%" badge. */
export const MAX_ANNUAL_SAVING_PERCENT = Math.max(
  0,
  ...PLAN_CATALOGUE.map(annualSavingPercent).filter((n): n is number => n !== null),
);

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
}

/** How a plan's price reads for the chosen billing period (plans without a yearly price stay monthly). */
export function priceView(plan: PlanCard, billing: Billing): PriceView {
  const monthly = plan.monthly;
  if (!monthly || monthly.amountUsd === 0) {
    return { amount: 'Free', period: '', note: 'No payment needed' };
  }
  const saving = annualSavingPercent(plan);
  if (billing === 'annually' && plan.yearly && saving !== null) {
    return {
      amount: usd(plan.yearly.amountUsd),
      period: '/year',
      was: usd(monthly.amountUsd * 12),
      note: `${usd(plan.yearly.amountUsd / 12)}/month billed yearly, save ${saving}%`,
    };
  }
  return {
    amount: usd(monthly.amountUsd),
    period: '/month',
    was: monthly.listUsd ? usd(monthly.listUsd) : undefined,
    note:
      billing === 'annually'
        ? 'Billed monthly only'
        : plan.yearly
          ? 'Billed monthly, cancel any time'
          : 'Billed monthly',
  };
}
