// Products, prices and the coupon, seeded from the one plan catalogue in @sniff/contracts: every paid plan
// id is a recurring price whose lookup_key is the plan id, as on the real Stripe account (README).
import contracts from '@sniff/contracts';
import { newId, nowSeconds } from './store.mjs';

const { PLAN_CATALOGUE, stripeAmountsOf } = contracts;

/**
 * Cents a plan's price is listed at, from the price table: a price sold through a coupon (Shopify Starter)
 * is listed at its crossed-out amount ($51) and the coupon takes it to the catalogue's ($26).
 */
export const unitAmountOf = (planPrice) => stripeAmountsOf(planPrice).unitAmountCents;

/** The coupons the price table names, as Stripe holds them ({ id, amount_off }). */
const couponsOf = () =>
  paidPlans().flatMap(({ planPrice }) => {
    const coupon = stripeAmountsOf(planPrice).coupon;
    return coupon ? [{ id: coupon.id, amount_off: coupon.amountOffCents }] : [];
  });

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
  for (const { id, amount_off } of couponsOf()) {
    const current = store.get('coupons', id);
    if (current && current.amount_off === amount_off && current.percent_off == null) continue;
    // A coupon's amount cannot change on Stripe: a changed one is deleted and made again under its id.
    store.put('coupons', {
      id,
      object: 'coupon',
      amount_off,
      created,
      currency: 'usd',
      duration: 'forever',
      duration_in_months: null,
      livemode: false,
      max_redemptions: null,
      metadata: {},
      name: id,
      percent_off: null,
      redeem_by: null,
      times_redeemed: current?.times_redeemed ?? 0,
      valid: true,
    });
  }
  store.save();
}
