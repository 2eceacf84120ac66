// What happens to customers, subscriptions and invoices: checkout completion, renewals, failed renewals,
// cancellation, plan switches and card updates. Shared by the API, the hosted pages and the admin routes.
// Every change is saved and announced by an event (delivered as a webhook) carrying the object as it is then.
import { StripeApiError } from './errors.mjs';
import {
  API_VERSION,
  addInterval,
  customerObject,
  discountObject,
  invoiceObject,
  paymentMethodObject,
  subscriptionObject,
} from './objects.mjs';
import { newId, nowSeconds } from './store.mjs';

const clone = (value) => structuredClone(value);

/** Only the fields that changed, with their values before the change (Stripe's previous_attributes). */
function previousAttributes(before, after) {
  const changed = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changed[key] = before[key] ?? null;
  }
  return changed;
}

/**
 * @param {{ store: ReturnType<import('./store.mjs').openStore>,
 *   webhooks: ReturnType<import('./webhooks.mjs').webhookDispatcher>, publicUrl: string }} deps
 */
export function lifecycle(deps) {
  // publicUrl is read when needed: it is known only once the server listens
  const { store, webhooks } = deps;
  /** Webhooks of one subscription keep their order; other objects are ordered per customer. */
  const orderKey = (object) =>
    object.object === 'subscription'
      ? object.id
      : (object.subscription ?? object.parent?.subscription_details?.subscription ?? object.customer ?? object.id);

  function emit(type, object, previous) {
    const data = { object: clone(object) };
    if (previous && Object.keys(previous).length) data.previous_attributes = previous;
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: nowSeconds(),
      data,
      livemode: false,
      pending_webhooks: webhooks.enabled ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
    };
    store.put('events', event);
    webhooks.enqueue(event, orderKey(object));
    return event;
  }

  function createCustomer({ email, name = null, metadata = {} }) {
    const customer = store.put('customers', customerObject({ email, name, metadata }));
    emit('customer.created', customer);
    return customer;
  }

  const productOf = (price) => store.get('products', price.product);
  const couponOf = (subscription) => {
    const discount = store.get('discounts', subscription.discounts?.[0]);
    return discount ? store.get('coupons', discount.source.coupon) : undefined;
  };

  function invoiceFor(subscription, { billingReason, paid, trial = false }) {
    const customer = store.get('customers', subscription.customer);
    const invoice = invoiceObject({
      subscription,
      product: productOf(subscription.items.data[0].price),
      coupon: couponOf(subscription),
      discountId: subscription.discounts?.[0] ?? null,
      billingReason,
      paid,
      trial,
      number: store.nextInvoiceNumber(),
      publicUrl: deps.publicUrl,
      customerEmail: customer?.email ?? null,
    });
    return store.put('invoices', invoice);
  }

  /** Replaces the subscription with `change(copy)` and announces customer.subscription.updated. */
  function updateSubscription(subscription, change) {
    const before = clone(subscription);
    const after = change(clone(subscription));
    store.put('subscriptions', after);
    return { after, previous: previousAttributes(before, after) };
  }

  function withPeriod(subscription, start, end) {
    subscription.current_period_start = start;
    subscription.current_period_end = end;
    for (const item of subscription.items.data) {
      item.current_period_start = start;
      item.current_period_end = end;
    }
    return subscription;
  }

  const nextPeriod = (subscription, start = nowSeconds()) => {
    const { interval, interval_count: count } = subscription.items.data[0].price.recurring;
    return [start, addInterval(start, interval, count)];
  };

  function assertNotCanceled(subscription) {
    if (subscription.status === 'canceled')
      throw new StripeApiError(400, {
        code: 'resource_missing',
        message: `This subscription (${subscription.id}) is canceled and can no longer be changed.`,
      });
  }

  function cancelNow(subscription) {
    assertNotCanceled(subscription);
    const now = nowSeconds();
    const { after } = updateSubscription(subscription, (s) => {
      s.status = 'canceled';
      s.canceled_at = s.canceled_at ?? now;
      s.ended_at = now;
      s.cancel_at = null;
      s.cancellation_details = {
        ...s.cancellation_details,
        reason: s.cancellation_details.reason ?? 'cancellation_requested',
      };
      return s;
    });
    emit('customer.subscription.deleted', after);
    store.save();
    return after;
  }

  return {
    emit,
    createCustomer,

    /**
     * The buyer paid on the hosted page: customer (when the session had none), card, subscription, its
     * first invoice ($0 while trialing), then the session is complete.
     * @param {any} session @param {{ brand: string, last4: string, expMonth: number, expYear: number }} card
     * @param {{ name: string, email: string }} buyer
     */
    completeCheckout(session, card, buyer) {
      const setup = store.get('session_setups', session.id);
      const customer =
        store.get('customers', session.customer) ?? createCustomer({ email: buyer.email, name: buyer.name });
      const paymentMethod = store.put(
        'payment_methods',
        paymentMethodObject({ customer: customer.id, ...card, name: buyer.name, email: buyer.email }),
      );
      store.put('customers', {
        ...customer,
        invoice_settings: { ...customer.invoice_settings, default_payment_method: paymentMethod.id },
      });
      const price = store.get('prices', setup.price);
      const coupon = setup.coupon ? store.get('coupons', setup.coupon) : undefined;
      const trialEnd = setup.trialPeriodDays ? nowSeconds() + setup.trialPeriodDays * 86_400 : null;
      const subscription = subscriptionObject({
        price,
        quantity: setup.quantity,
        customer: customer.id,
        trialEnd,
        metadata: setup.subscriptionMetadata,
        discountIds: [],
        paymentMethod: paymentMethod.id,
      });
      if (coupon) {
        const discount = store.put(
          'discounts',
          discountObject({ coupon, customer: customer.id, subscription: subscription.id, checkoutSession: session.id }),
        );
        subscription.discounts = [discount.id];
        store.put('coupons', { ...coupon, times_redeemed: coupon.times_redeemed + 1 });
      }
      store.put('subscriptions', subscription);
      const invoice = invoiceFor(subscription, {
        billingReason: 'subscription_create',
        paid: true,
        trial: Boolean(trialEnd),
      });
      subscription.latest_invoice = invoice.id;
      store.put('subscriptions', subscription);
      const completed = store.put('checkout_sessions', {
        ...session,
        customer: customer.id,
        customer_details: {
          address: null,
          email: buyer.email,
          name: buyer.name,
          phone: null,
          tax_exempt: 'none',
          tax_ids: [],
        },
        invoice: invoice.id,
        payment_status: trialEnd ? 'no_payment_required' : 'paid',
        status: 'complete',
        subscription: subscription.id,
        url: null,
      });
      emit('customer.subscription.created', subscription);
      emit('invoice.paid', invoice);
      emit('checkout.session.completed', completed);
      store.save();
      return { session: completed, subscription };
    },

    expireSession(session) {
      const expired = store.put('checkout_sessions', { ...session, status: 'expired', url: null });
      emit('checkout.session.expired', expired);
      store.save();
      return expired;
    },

    /** cancel_at_period_end on or off (the portal's Cancel plan / Renew plan, or POST /v1/subscriptions/:id). */
    setCancelAtPeriodEnd(subscription, cancel) {
      assertNotCanceled(subscription);
      if (subscription.cancel_at_period_end === cancel) return subscription;
      const { after, previous } = updateSubscription(subscription, (s) => {
        s.cancel_at_period_end = cancel;
        s.cancel_at = cancel ? s.current_period_end : null;
        s.canceled_at = cancel ? nowSeconds() : null;
        s.cancellation_details = { comment: null, feedback: null, reason: cancel ? 'cancellation_requested' : null };
        return s;
      });
      emit('customer.subscription.updated', after, previous);
      store.save();
      return after;
    },

    /**
     * Moves the subscription to another price at once (no proration). A change of interval outside the
     * trial starts a new period billed now, as Stripe does.
     */
    changePrice(subscription, price) {
      assertNotCanceled(subscription);
      if (subscription.items.data[0].price.id === price.id) return subscription;
      const newInterval = subscription.items.data[0].price.recurring.interval !== price.recurring.interval;
      let invoice;
      const { after, previous } = updateSubscription(subscription, (s) => {
        s.items.data[0].price = clone(price);
        if (newInterval && s.status !== 'trialing') {
          const [start, end] = nextPeriod(s);
          withPeriod(s, start, end);
          s.billing_cycle_anchor = start;
          if (s.cancel_at_period_end) s.cancel_at = end;
          invoice = invoiceFor(s, { billingReason: 'subscription_update', paid: true });
          s.latest_invoice = invoice.id;
        }
        return s;
      });
      emit('customer.subscription.updated', after, previous);
      if (invoice) emit('invoice.paid', invoice);
      store.save();
      return after;
    },

    cancelNow,

    /**
     * Test clock: the current period ends now. A subscription set to cancel ends; a trialing or active one
     * renews (new period, paid invoice); a past_due one becomes unpaid, and an unpaid one is canceled.
     */
    advance(subscription) {
      assertNotCanceled(subscription);
      if (subscription.cancel_at_period_end || subscription.status === 'unpaid') return cancelNow(subscription);
      if (subscription.status === 'past_due') {
        const { after, previous } = updateSubscription(subscription, (s) => ({ ...s, status: 'unpaid' }));
        emit('customer.subscription.updated', after, previous);
        store.save();
        return after;
      }
      let invoice;
      const { after, previous } = updateSubscription(subscription, (s) => {
        const [start, end] = nextPeriod(s);
        withPeriod(s, start, end);
        s.status = 'active';
        invoice = invoiceFor(s, { billingReason: 'subscription_cycle', paid: true });
        s.latest_invoice = invoice.id;
        return s;
      });
      emit('customer.subscription.updated', after, previous);
      emit('invoice.paid', /** @type {any} */ (invoice));
      store.save();
      return after;
    },

    /** Test clock: the renewal charge is declined: new period, open invoice, status past_due. */
    failRenewal(subscription) {
      assertNotCanceled(subscription);
      if (!['trialing', 'active'].includes(subscription.status))
        throw new StripeApiError(400, {
          message: `Only a trialing or active subscription renews; ${subscription.id} is ${subscription.status}.`,
        });
      let invoice;
      const { after, previous } = updateSubscription(subscription, (s) => {
        const [start, end] = nextPeriod(s);
        withPeriod(s, start, end);
        s.status = 'past_due';
        invoice = invoiceFor(s, { billingReason: 'subscription_cycle', paid: false });
        s.latest_invoice = invoice.id;
        return s;
      });
      emit('invoice.payment_failed', /** @type {any} */ (invoice));
      emit('customer.subscription.updated', after, previous);
      store.save();
      return after;
    },

    /** A new card from the portal: it becomes the default, and pays what a failed renewal left open. */
    updateCard(customer, card, buyer) {
      const paymentMethod = store.put(
        'payment_methods',
        paymentMethodObject({ customer: customer.id, ...card, name: buyer.name, email: customer.email }),
      );
      const updated = store.put('customers', {
        ...customer,
        invoice_settings: { ...customer.invoice_settings, default_payment_method: paymentMethod.id },
      });
      emit('customer.updated', updated, { invoice_settings: customer.invoice_settings });
      for (const subscription of store
        .all('subscriptions')
        .filter((s) => s.customer === customer.id && s.status !== 'canceled')) {
        const open = store.get('invoices', subscription.latest_invoice);
        const recovers = ['past_due', 'unpaid'].includes(subscription.status) && open?.status === 'open';
        let paid;
        if (recovers) {
          const now = nowSeconds();
          paid = store.put('invoices', {
            ...open,
            amount_paid: open.amount_due,
            amount_remaining: 0,
            attempt_count: open.attempt_count + 1,
            next_payment_attempt: null,
            status: 'paid',
            status_transitions: { ...open.status_transitions, paid_at: now },
          });
        }
        const { after, previous } = updateSubscription(subscription, (s) => ({
          ...s,
          default_payment_method: paymentMethod.id,
          status: recovers ? 'active' : s.status,
        }));
        if (paid) emit('invoice.paid', paid);
        emit('customer.subscription.updated', after, previous);
      }
      store.save();
      return paymentMethod;
    },
  };
}
