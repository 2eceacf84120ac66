// Builders of the Stripe objects the provider hands out, with the fields of API version 2026-10-28.endive
// that billing may read (ids with Stripe's prefixes, unix-second times, amounts in cents).
import { newId, nowSeconds } from './store.mjs';

export const API_VERSION = '2026-10-28.endive';

/** The period end one interval after `start` (calendar month or year, UTC, like Stripe's billing anchor). */
export function addInterval(start, interval, count = 1) {
  const date = new Date(start * 1000);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + count);
  else if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + count);
  else if (interval === 'week') date.setUTCDate(date.getUTCDate() + 7 * count);
  else date.setUTCDate(date.getUTCDate() + count);
  return Math.floor(date.getTime() / 1000);
}

/** Cents after a coupon (percent_off rounded half up, amount_off capped at the total). */
export function discounted(amount, coupon) {
  if (!coupon) return amount;
  if (coupon.percent_off != null) return amount - Math.round((amount * coupon.percent_off) / 100);
  if (coupon.amount_off != null) return Math.max(0, amount - coupon.amount_off);
  return amount;
}

export function customerObject({ email, name = null, metadata = {} }) {
  const id = newId('cus');
  return {
    id,
    object: 'customer',
    address: null,
    balance: 0,
    created: nowSeconds(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    discount: null,
    email: email ?? null,
    invoice_prefix: id.slice(4, 12).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata,
    name,
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}

/** Only the brand and last 4 digits of the card are kept; the number itself never reaches the store. */
export function paymentMethodObject({ customer, brand, last4, expMonth, expYear, name, email }) {
  return {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: { address: null, email: email ?? null, name: name ?? null, phone: null },
    card: {
      brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      display_brand: brand,
      exp_month: expMonth,
      exp_year: expYear,
      funding: 'credit',
      last4,
      wallet: null,
    },
    created: nowSeconds(),
    customer,
    livemode: false,
    metadata: {},
    type: 'card',
  };
}

export function discountObject({ coupon, customer, subscription = null, checkoutSession = null }) {
  return {
    id: newId('di'),
    object: 'discount',
    checkout_session: checkoutSession,
    customer,
    end: null,
    invoice: null,
    invoice_item: null,
    promotion_code: null,
    source: { coupon: coupon.id, type: 'coupon' },
    start: nowSeconds(),
    subscription,
    subscription_item: null,
  };
}

/**
 * @param {{ price: any, quantity: number, customer: string, trialEnd: number | null, metadata: Record<string,string>,
 *   discountIds: string[], paymentMethod: string }} o
 */
export function subscriptionObject({ price, quantity, customer, trialEnd, metadata, discountIds, paymentMethod }) {
  const now = nowSeconds();
  const id = newId('sub');
  const periodEnd = trialEnd ?? addInterval(now, price.recurring.interval, price.recurring.interval_count);
  const item = {
    id: newId('si'),
    object: 'subscription_item',
    billing_thresholds: null,
    created: now,
    current_period_end: periodEnd,
    current_period_start: now,
    discounts: [],
    metadata: {},
    price,
    quantity,
    subscription: id,
    tax_rates: [],
  };
  return {
    id,
    object: 'subscription',
    application: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: periodEnd === trialEnd ? trialEnd : now,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    created: now,
    currency: price.currency,
    // Older API versions carried the period on the subscription; kept for readers written against them.
    current_period_end: periodEnd,
    current_period_start: now,
    customer,
    days_until_due: null,
    default_payment_method: paymentMethod,
    description: null,
    discounts: discountIds,
    ended_at: null,
    items: {
      object: 'list',
      data: [item],
      has_more: false,
      total_count: 1,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    metadata,
    pause_collection: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: now,
    status: trialEnd ? 'trialing' : 'active',
    test_clock: null,
    trial_end: trialEnd,
    trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
    trial_start: trialEnd ? now : null,
  };
}

/**
 * An invoice of one subscription period.
 * @param {{ subscription: any, product: any, coupon: any, discountId: string | null, billingReason: string,
 *   paid: boolean, trial: boolean, number: number, publicUrl: string, customerEmail: string | null }} o
 */
export function invoiceObject({
  subscription,
  product,
  coupon,
  discountId,
  billingReason,
  paid,
  trial,
  number,
  publicUrl,
  customerEmail,
}) {
  const now = nowSeconds();
  const id = newId('in');
  const item = subscription.items.data[0];
  const subtotal = trial ? 0 : item.price.unit_amount * item.quantity;
  const total = trial ? 0 : discounted(subtotal, coupon);
  const discountAmount = subtotal - total;
  const interval = item.price.recurring.interval;
  const line = {
    id: newId('il'),
    object: 'line_item',
    amount: subtotal,
    currency: 'usd',
    description: trial
      ? `Trial period for ${product.name}`
      : `${item.quantity} × ${product.name} (at $${(item.price.unit_amount / 100).toFixed(2)} / ${interval})`,
    discount_amounts: discountAmount && discountId ? [{ amount: discountAmount, discount: discountId }] : [],
    discountable: true,
    discounts: discountId && !trial ? [discountId] : [],
    invoice: id,
    livemode: false,
    metadata: {},
    parent: {
      type: 'subscription_item_details',
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: false,
        subscription: subscription.id,
        subscription_item: item.id,
      },
    },
    period: { start: item.current_period_start, end: item.current_period_end },
    pricing: {
      price_details: { price: item.price.id, product: product.id },
      type: 'price_details',
      unit_amount_decimal: trial ? '0' : String(item.price.unit_amount),
    },
    quantity: item.quantity,
  };
  return {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Sniff',
    amount_due: total,
    amount_overpaid: 0,
    amount_paid: paid ? total : 0,
    amount_remaining: paid ? 0 : total,
    amount_shipping: 0,
    attempt_count: 1,
    attempted: true,
    auto_advance: !paid,
    billing_reason: billingReason,
    collection_method: 'charge_automatically',
    created: now,
    currency: 'usd',
    customer: subscription.customer,
    customer_email: customerEmail,
    default_payment_method: null,
    description: null,
    discounts: discountId && !trial ? [discountId] : [],
    due_date: null,
    ending_balance: 0,
    footer: null,
    hosted_invoice_url: `${publicUrl}/i/${id}`,
    invoice_pdf: null,
    last_finalization_error: null,
    lines: { object: 'list', data: [line], has_more: false, total_count: 1, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: paid ? null : addInterval(now, 'day', 3),
    number: `SNIFF-${String(number).padStart(4, '0')}`,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: subscription.metadata, subscription: subscription.id },
    },
    period_end: item.current_period_start,
    period_start: item.current_period_start,
    starting_balance: 0,
    status: paid ? 'paid' : 'open',
    status_transitions: {
      finalized_at: now,
      marked_uncollectible_at: null,
      paid_at: paid ? now : null,
      voided_at: null,
    },
    // Older API versions had the subscription at the top level; kept for readers written against them.
    subscription: subscription.id,
    subtotal,
    subtotal_excluding_tax: subtotal,
    total,
    total_discount_amounts: discountAmount && discountId ? [{ amount: discountAmount, discount: discountId }] : [],
    total_excluding_tax: total,
    total_taxes: [],
    webhooks_delivered_at: now,
  };
}
