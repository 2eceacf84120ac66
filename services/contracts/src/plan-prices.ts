// How the plan catalogue's prices read and what checkout charges, worked out once so the plans page,
// the landing page and the billing service (with the Stripe stand-in) show the same figures.
import type { PlanCard, PlanPrice } from './plans';

/** What an annual price saves: against its list price when the catalogue gives one, else twelve months. */
export interface AnnualSaving {
  /** The crossed-out figure: the list price ($190) or twelve monthly payments ($60). */
  againstUsd: number;
  savedUsd: number;
  percent: number;
  /** "Save $49 (25%)" against a list price, "Save 17%" against twelve months (spec section 9's figures). */
  text: string;
}

export function annualSaving(card: PlanCard): AnnualSaving | null {
  const { monthly, yearly } = card;
  if (!yearly) return null;
  if (yearly.listUsd) {
    const savedUsd = yearly.listUsd - yearly.amountUsd;
    // Rounded down: the spec's SaaS Starter reads "save $49, 25%" ($49 of $190 is 25.8%).
    const percent = Math.floor((savedUsd / yearly.listUsd) * 100);
    return { againstUsd: yearly.listUsd, savedUsd, percent, text: `Save $${savedUsd} (${percent}%)` };
  }
  if (!monthly || monthly.amountUsd <= 0) return null;
  const againstUsd = monthly.amountUsd * 12;
  const savedUsd = againstUsd - yearly.amountUsd;
  const percent = Math.round((savedUsd / againstUsd) * 100);
  return { againstUsd, savedUsd, percent, text: `Save ${percent}%` };
}

/** The best annual saving in a catalogue: the landing page's "Save up to N%" badge. */
export const maxAnnualSavingPercent = (cards: readonly PlanCard[]): number =>
  Math.max(0, ...cards.map((c) => annualSaving(c)?.percent ?? 0));

/** The Stripe side of a price: the recurring amount and, for a price sold through a coupon, its amount off. */
export interface StripeAmounts {
  unitAmountCents: number;
  coupon?: { id: string; amountOffCents: number };
}

/**
 * A price sold through a coupon is listed on Stripe at its crossed-out amount and the coupon takes off the
 * difference, so checkout shows "$51.00, SNIFF50 −$25.00" and charges the catalogue's $26.00.
 */
export function stripeAmountsOf(price: PlanPrice): StripeAmounts {
  const cents = (usd: number) => Math.round(usd * 100);
  if (!price.coupon || !price.listUsd) return { unitAmountCents: cents(price.amountUsd) };
  return {
    unitAmountCents: cents(price.listUsd),
    coupon: { id: price.coupon, amountOffCents: cents(price.listUsd) - cents(price.amountUsd) },
  };
}
