// Products, prices and the coupon, seeded from the one plan catalogue in @sniff/contracts: every paid plan
// id is a recurring price whose lookup_key is the plan id, as on the real Stripe account (README).
import contracts from '@sniff/contracts';
import { newId, nowSeconds } from './store.mjs';

const { PLAN_CATALOGUE, SHOPIFY_STARTER_COUPON } = contracts;

export const COUPON_PERCENT_OFF = 50;

/**
 * Cents a plan's price is listed at. Shopify Starter is sold at its catalogue amount ($26) through the
 * SNIFF50 coupon, so its price is the amount before 50% off ($52): checkout then charges exactly $26.
 */
export function unitAmountOf(planPrice) {
  const cents = Math.round(planPrice.amountUsd * 100);
  return planPrice.id === 'starter' ? Math.round(cents / (1 - COUPON_PERCENT_OFF / 100)) : cents;
}

/** The paid plans: [{ card, planPrice }] */
export const paidPlans = () =>
  PLAN_CATALOGUE.flatMap((card) =>
    [card.monthly, card.yearly]
      .filter((planPrice) => planPrice && planPrice.id !== 'free' && planPrice.amountUsd > 0)
      .map((planPrice) => ({ card, planPrice })),
  );

/**
 * Creates what is missing. A price whose amount or interval changed in the catalogue is replaced by a new
 * price taking over the lookup key (prices are immutable on Stripe too); the old one is deactivated.
 * @param {ReturnType<import('./store.mjs').openStore>} store
 */
export function seedCatalogue(store) {
  const created = nowSeconds();
  for (const card of PLAN_CATALOGUE) {
    const plans = paidPlans().filter((p) => p.card === card);
    if (!plans.length) continue;
    let product = store.all('products').find((p) => p.metadata.plan_card === card.key);
    if (!product) {
      product = store.put('products', {
        id: newId('prod'),
        object: 'product',
        active: true,
        created,
        default_price: null,
        description: card.features.join(' · '),
        images: [],
        livemode: false,
        marketing_features: card.features.map((name) => ({ name })),
        metadata: { plan_card: card.key, platform: card.platform, group: card.group },
        name: card.name,
        statement_descriptor: null,
        tax_code: null,
        type: 'service',
        unit_label: null,
        updated: created,
        url: null,
      });
    }
    for (const { planPrice } of plans) {
      const amount = unitAmountOf(planPrice);
      const current = store.all('prices').find((p) => p.lookup_key === planPrice.id);
      if (current && current.unit_amount === amount && current.recurring.interval === planPrice.interval) continue;
      if (current) store.put('prices', { ...current, active: false, lookup_key: null });
      store.put('prices', {
        id: newId('price'),
        object: 'price',
        active: true,
        billing_scheme: 'per_unit',
        created,
        currency: 'usd',
        custom_unit_amount: null,
        livemode: false,
        lookup_key: planPrice.id,
        metadata: { plan: planPrice.id },
        nickname: `${card.name} (${planPrice.interval === 'year' ? 'yearly' : 'monthly'})`,
        product: product.id,
        recurring: {
          interval: planPrice.interval,
          interval_count: 1,
          meter: null,
          trial_period_days: null,
          usage_type: 'licensed',
        },
        tax_behavior: 'unspecified',
        tiers_mode: null,
        transform_quantity: null,
        type: 'recurring',
        unit_amount: amount,
        unit_amount_decimal: String(amount),
      });
    }
  }
  if (!store.get('coupons', SHOPIFY_STARTER_COUPON)) {
    store.put('coupons', {
      id: SHOPIFY_STARTER_COUPON,
      object: 'coupon',
      amount_off: null,
      created,
      currency: null,
      duration: 'forever',
      duration_in_months: null,
      livemode: false,
      max_redemptions: null,
      metadata: {},
      name: SHOPIFY_STARTER_COUPON,
      percent_off: COUPON_PERCENT_OFF,
      redeem_by: null,
      times_redeemed: 0,
      valid: true,
    });
  }
  store.save();
}
