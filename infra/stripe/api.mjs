// The /v1 routes billing uses, with Stripe's parameters, objects and errors. Each handler gets the parsed
// params and the URL's ids and returns the object to answer (expand[] is applied by the caller).
import { StripeApiError, invalidParam, missingParam, noSuchParam, notFound } from './errors.mjs';
import { discounted } from './objects.mjs';
import {
  expandPaths,
  onlyKnown,
  optionalArray,
  optionalBoolean,
  optionalEmail,
  optionalInteger,
  optionalMetadata,
  optionalString,
  optionalUrl,
  requiredString,
} from './params.mjs';
import { listObject, newId, nowSeconds } from './store.mjs';

const PAGE = ['limit', 'starting_after', 'ending_before'];
const page = (params, url) => ({
  limit: optionalInteger(params, 'limit', 'limit', { min: 1, max: 100 }) ?? 10,
  startingAfter: optionalString(params, 'starting_after'),
  endingBefore: optionalString(params, 'ending_before'),
  url,
});

const mergeMetadata = (current, update) => {
  if (!update) return current;
  const merged = { ...current, ...update };
  for (const [key, value] of Object.entries(update)) if (value === '') delete merged[key];
  return Object.keys(update).length ? merged : {};
};

// Checkout parameters that exist on Stripe and are accepted here without effect.
const CHECKOUT_IGNORED = [
  'allow_promotion_codes',
  'automatic_tax',
  'billing_address_collection',
  'consent_collection',
  'custom_text',
  'customer_creation',
  'customer_update',
  'locale',
  'payment_method_collection',
  'payment_method_types',
  'saved_payment_method_options',
  'tax_id_collection',
  'ui_mode',
];
const SUBSCRIPTION_DATA = ['trial_period_days', 'metadata', 'description', 'trial_settings', 'proration_behavior'];

/**
 * @param {{ store: ReturnType<import('./store.mjs').openStore>, flows: ReturnType<import('./lifecycle.mjs').lifecycle>,
 *   publicUrl: string }} deps
 */
export function apiRoutes(deps) {
  // publicUrl is read when needed: it is known only once the server listens
  const { store, flows } = deps;
  const find = (kind, label, id) =>
    store.get(kind, id) ??
    (() => {
      throw notFound(label, id);
    })();

  function createCheckoutSession(params) {
    onlyKnown(params, [
      'mode',
      'customer',
      'customer_email',
      'line_items',
      'subscription_data',
      'metadata',
      'discounts',
      'success_url',
      'cancel_url',
      'client_reference_id',
      'expires_at',
      ...CHECKOUT_IGNORED,
    ]);
    const mode = requiredString(params, 'mode');
    if (mode !== 'subscription')
      throw invalidParam('mode', `The local Stripe provider supports mode=subscription only, not ${mode}.`);
    const successUrl = optionalUrl(params, 'success_url');
    if (!successUrl) throw missingParam('success_url');
    const cancelUrl = optionalUrl(params, 'cancel_url') ?? null;
    const customerId = optionalString(params, 'customer');
    const customerEmail = optionalEmail(params, 'customer_email');
    if (customerId && customerEmail)
      throw invalidParam('customer_email', 'You may only specify one of these parameters: customer, customer_email.');
    const customer = customerId ? store.get('customers', customerId) : undefined;
    if (customerId && !customer) throw noSuchParam('customer', 'customer', customerId);

    const items = optionalArray(params, 'line_items');
    if (!items?.length) throw missingParam('line_items');
    if (items.length > 1)
      throw invalidParam('line_items', 'The local Stripe provider supports one line item per subscription checkout.');
    const item = items[0];
    if (typeof item !== 'object' || item === null)
      throw invalidParam('line_items[0]', 'Invalid line_items[0]: must be an object.');
    onlyKnown(item, ['price', 'quantity', 'adjustable_quantity', 'tax_rates']);
    const priceId = requiredString(item, 'price', 'line_items[0][price]');
    const price = store.get('prices', priceId);
    if (!price) throw noSuchParam('line_items[0][price]', 'price', priceId);
    if (!price.active)
      throw invalidParam(
        'line_items[0][price]',
        'The price specified is inactive. This field only accepts active prices.',
      );
    const quantity = optionalInteger(item, 'quantity', 'line_items[0][quantity]', { min: 1, max: 999_999 }) ?? 1;

    const subscriptionData = params.subscription_data ?? {};
    if (typeof subscriptionData !== 'object')
      throw invalidParam('subscription_data', 'Invalid object: subscription_data.');
    for (const key of Object.keys(subscriptionData))
      if (!SUBSCRIPTION_DATA.includes(key))
        throw invalidParam(
          `subscription_data[${key}]`,
          `Received unknown parameter: subscription_data[${key}]`,
          'parameter_unknown',
        );
    const trialPeriodDays = optionalInteger(
      subscriptionData,
      'trial_period_days',
      'subscription_data[trial_period_days]',
      { min: 1, max: 730 },
    );
    const subscriptionMetadata = optionalMetadata(subscriptionData, 'metadata', 'subscription_data[metadata]') ?? {};

    const discounts = optionalArray(params, 'discounts') ?? [];
    if (discounts.length > 1) throw invalidParam('discounts', 'You may only apply one discount per checkout session.');
    if (discounts.length && params.allow_promotion_codes !== undefined)
      throw invalidParam(
        'discounts',
        'You may only specify one of these parameters: allow_promotion_codes, discounts.',
      );
    let coupon;
    if (discounts.length) {
      const couponId = requiredString(discounts[0], 'coupon', 'discounts[0][coupon]');
      coupon = store.get('coupons', couponId);
      if (!coupon) throw noSuchParam('discounts[0][coupon]', 'coupon', couponId);
      if (!coupon.valid) throw invalidParam('discounts[0][coupon]', `Coupon ${couponId} is no longer valid.`);
    }

    const now = nowSeconds();
    const expiresAt = optionalInteger(params, 'expires_at', 'expires_at') ?? now + 86_400;
    if (expiresAt < now + 1800 || expiresAt > now + 86_400)
      throw invalidParam(
        'expires_at',
        'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
      );
    const clientReferenceId = optionalString(params, 'client_reference_id') ?? null;
    if (clientReferenceId && clientReferenceId.length > 200)
      throw invalidParam('client_reference_id', 'client_reference_id must be at most 200 characters.');

    const id = newId('cs_test');
    const subtotal = price.unit_amount * quantity;
    const total = trialPeriodDays ? 0 : discounted(subtotal, coupon);
    const session = {
      id,
      object: 'checkout.session',
      after_expiration: null,
      allow_promotion_codes: null,
      amount_subtotal: trialPeriodDays ? 0 : subtotal,
      amount_total: total,
      automatic_tax: { enabled: false, liability: null, provider: null, status: null },
      billing_address_collection: null,
      cancel_url: cancelUrl,
      client_reference_id: clientReferenceId,
      client_secret: null,
      created: now,
      currency: 'usd',
      customer: customer?.id ?? null,
      customer_creation: customer ? null : 'always',
      customer_details: customer
        ? { address: null, email: customer.email, name: customer.name, phone: null, tax_exempt: 'none', tax_ids: null }
        : null,
      customer_email: customerEmail ?? null,
      discounts: coupon ? [{ coupon: coupon.id, promotion_code: null }] : [],
      expires_at: expiresAt,
      invoice: null,
      livemode: false,
      locale: optionalString(params, 'locale') ?? null,
      metadata: optionalMetadata(params) ?? {},
      mode,
      payment_intent: null,
      payment_link: null,
      payment_method_collection: 'always',
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      setup_intent: null,
      status: 'open',
      submit_type: null,
      subscription: null,
      success_url: successUrl,
      total_details: { amount_discount: trialPeriodDays ? 0 : subtotal - total, amount_shipping: 0, amount_tax: 0 },
      ui_mode: 'hosted',
      url: `${deps.publicUrl}/c/pay/${id}`,
    };
    store.put('checkout_sessions', session);
    store.put('session_setups', {
      id,
      price: price.id,
      quantity,
      coupon: coupon?.id ?? null,
      trialPeriodDays: trialPeriodDays ?? null,
      subscriptionMetadata,
    });
    store.save();
    return session;
  }

  function updateSubscription(params, id) {
    onlyKnown(params, [
      'items',
      'cancel_at_period_end',
      'metadata',
      'proration_behavior',
      'payment_behavior',
      'billing_cycle_anchor',
    ]);
    let subscription = find('subscriptions', 'subscription', id);
    const cancel = optionalBoolean(params, 'cancel_at_period_end');
    const metadata = optionalMetadata(params);
    const items = optionalArray(params, 'items') ?? [];
    if (items.length > 1) throw invalidParam('items', 'The local Stripe provider supports one item per subscription.');
    let price;
    if (items.length) {
      const itemId = requiredString(items[0], 'id', 'items[0][id]');
      if (itemId !== subscription.items.data[0].id) throw noSuchParam('items[0][id]', 'subscription item', itemId);
      const priceId = requiredString(items[0], 'price', 'items[0][price]');
      price = store.get('prices', priceId);
      if (!price) throw noSuchParam('items[0][price]', 'price', priceId);
      if (!price.active)
        throw invalidParam(
          'items[0][price]',
          'The price specified is inactive. This field only accepts active prices.',
        );
    }
    if (subscription.status === 'canceled' && (price || cancel !== undefined || metadata))
      throw new StripeApiError(400, { message: `A canceled subscription can only be read: ${id}.` });
    if (metadata) {
      const before = subscription.metadata;
      subscription = store.put('subscriptions', { ...subscription, metadata: mergeMetadata(before, metadata) });
      flows.emit('customer.subscription.updated', subscription, { metadata: before });
      store.save();
    }
    if (price) subscription = flows.changePrice(subscription, price);
    if (cancel !== undefined) subscription = flows.setCancelAtPeriodEnd(subscription, cancel);
    return subscription;
  }

  const subscriptionFilter = (params) => {
    const status = optionalString(params, 'status');
    const customer = optionalString(params, 'customer');
    const price = optionalString(params, 'price');
    const known = [
      'active',
      'past_due',
      'unpaid',
      'canceled',
      'incomplete',
      'incomplete_expired',
      'trialing',
      'paused',
      'all',
      'ended',
    ];
    if (status && !known.includes(status))
      throw invalidParam('status', `Invalid status: must be one of ${known.join(', ')}`);
    return (s) =>
      (!customer || s.customer === customer) &&
      (!price || s.items.data[0].price.id === price) &&
      (status === 'all' ||
        (status ? (status === 'ended' ? s.status === 'canceled' : s.status === status) : s.status !== 'canceled'));
  };

  /** [method, path pattern, handler(params, ...ids)] */
  const routes = [
    [
      'POST',
      /^\/v1\/customers$/,
      (p) => {
        onlyKnown(p, ['email', 'name', 'metadata', 'description', 'phone']);
        const customer = flows.createCustomer({
          email: optionalEmail(p, 'email') ?? null,
          name: optionalString(p, 'name') ?? null,
          metadata: optionalMetadata(p) ?? {},
        });
        store.save();
        return customer;
      },
    ],
    [
      'GET',
      /^\/v1\/customers$/,
      (p) => {
        onlyKnown(p, ['email', ...PAGE]);
        const email = optionalString(p, 'email');
        return listObject(
          store.all('customers').filter((c) => !email || c.email === email),
          page(p, '/v1/customers'),
        );
      },
    ],
    ['GET', /^\/v1\/customers\/([^/]+)$/, (p, id) => find('customers', 'customer', id)],
    [
      'POST',
      /^\/v1\/customers\/([^/]+)$/,
      (p, id) => {
        onlyKnown(p, ['email', 'name', 'metadata', 'description', 'phone']);
        const customer = find('customers', 'customer', id);
        const email = optionalEmail(p, 'email');
        const name = optionalString(p, 'name');
        const updated = {
          ...customer,
          ...(email !== undefined && { email }),
          ...(name !== undefined && { name }),
          metadata: mergeMetadata(customer.metadata, optionalMetadata(p)),
        };
        store.put('customers', updated);
        flows.emit(
          'customer.updated',
          updated,
          Object.fromEntries(
            ['email', 'name', 'metadata']
              .filter((k) => JSON.stringify(customer[k]) !== JSON.stringify(updated[k]))
              .map((k) => [k, customer[k]]),
          ),
        );
        store.save();
        return updated;
      },
    ],
    [
      'GET',
      /^\/v1\/prices$/,
      (p) => {
        onlyKnown(p, ['lookup_keys', 'active', 'product', 'type', 'currency', ...PAGE]);
        const keys = optionalArray(p, 'lookup_keys');
        const active = optionalBoolean(p, 'active');
        const product = optionalString(p, 'product');
        const type = optionalString(p, 'type');
        return listObject(
          store
            .all('prices')
            .filter(
              (price) =>
                (!keys || keys.includes(price.lookup_key)) &&
                (active === undefined || price.active === active) &&
                (!product || price.product === product) &&
                (!type || price.type === type),
            ),
          page(p, '/v1/prices'),
        );
      },
    ],
    ['GET', /^\/v1\/prices\/([^/]+)$/, (p, id) => find('prices', 'price', id)],
    ['GET', /^\/v1\/products\/([^/]+)$/, (p, id) => find('products', 'product', id)],
    ['GET', /^\/v1\/coupons\/([^/]+)$/, (p, id) => find('coupons', 'coupon', id)],
    ['POST', /^\/v1\/checkout\/sessions$/, createCheckoutSession],
    [
      'GET',
      /^\/v1\/checkout\/sessions$/,
      (p) => {
        onlyKnown(p, ['customer', 'status', 'subscription', 'customer_details', ...PAGE]);
        const customer = optionalString(p, 'customer');
        const status = optionalString(p, 'status');
        const subscription = optionalString(p, 'subscription');
        if (status && !['open', 'complete', 'expired'].includes(status))
          throw invalidParam('status', 'Invalid status: must be one of open, complete, expired');
        const sessions = store.all('checkout_sessions').map(expireIfDue);
        return listObject(
          sessions.filter(
            (s) =>
              (!customer || s.customer === customer) &&
              (!status || s.status === status) &&
              (!subscription || s.subscription === subscription),
          ),
          page(p, '/v1/checkout/sessions'),
        );
      },
    ],
    [
      'GET',
      /^\/v1\/checkout\/sessions\/([^/]+)$/,
      (p, id) => expireIfDue(find('checkout_sessions', 'checkout.session', id)),
    ],
    [
      'POST',
      /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
      (p, id) => {
        const session = expireIfDue(find('checkout_sessions', 'checkout.session', id));
        if (session.status !== 'open')
          throw new StripeApiError(400, {
            message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
          });
        return flows.expireSession(session);
      },
    ],
    [
      'GET',
      /^\/v1\/subscriptions$/,
      (p) => {
        onlyKnown(p, ['customer', 'status', 'price', ...PAGE]);
        return listObject(store.all('subscriptions').filter(subscriptionFilter(p)), page(p, '/v1/subscriptions'));
      },
    ],
    ['GET', /^\/v1\/subscriptions\/([^/]+)$/, (p, id) => find('subscriptions', 'subscription', id)],
    ['POST', /^\/v1\/subscriptions\/([^/]+)$/, updateSubscription],
    [
      'DELETE',
      /^\/v1\/subscriptions\/([^/]+)$/,
      (p, id) => {
        onlyKnown(p, ['invoice_now', 'prorate', 'cancellation_details']);
        return flows.cancelNow(find('subscriptions', 'subscription', id));
      },
    ],
    [
      'GET',
      /^\/v1\/invoices$/,
      (p) => {
        onlyKnown(p, ['customer', 'subscription', 'status', ...PAGE]);
        const customer = optionalString(p, 'customer');
        const subscription = optionalString(p, 'subscription');
        const status = optionalString(p, 'status');
        return listObject(
          store
            .all('invoices')
            .filter(
              (i) =>
                (!customer || i.customer === customer) &&
                (!subscription || i.subscription === subscription) &&
                (!status || i.status === status),
            ),
          page(p, '/v1/invoices'),
        );
      },
    ],
    ['GET', /^\/v1\/invoices\/([^/]+)$/, (p, id) => find('invoices', 'invoice', id)],
    [
      'POST',
      /^\/v1\/billing_portal\/sessions$/,
      (p) => {
        onlyKnown(p, ['customer', 'return_url', 'configuration', 'locale', 'flow_data']);
        const customerId = requiredString(p, 'customer');
        if (!store.get('customers', customerId)) throw noSuchParam('customer', 'customer', customerId);
        const returnUrl = optionalUrl(p, 'return_url') ?? null;
        const id = newId('bps');
        const session = {
          id,
          object: 'billing_portal.session',
          configuration: 'bpc_local',
          created: nowSeconds(),
          customer: customerId,
          flow: null,
          livemode: false,
          locale: optionalString(p, 'locale') ?? null,
          on_behalf_of: null,
          return_url: returnUrl,
          url: `${deps.publicUrl}/p/session/${id}`,
        };
        store.put('portal_sessions', session);
        store.save();
        return session;
      },
    ],
    [
      'GET',
      /^\/v1\/events$/,
      (p) => {
        onlyKnown(p, ['type', 'types', 'created', 'delivery_success', ...PAGE]);
        const type = optionalString(p, 'type');
        const types = optionalArray(p, 'types');
        const matches = (t) =>
          (!type || (type.endsWith('*') ? t.startsWith(type.slice(0, -1)) : t === type)) &&
          (!types || types.includes(t));
        return listObject(
          store.all('events').filter((e) => matches(e.type)),
          page(p, '/v1/events'),
        );
      },
    ],
    ['GET', /^\/v1\/events\/([^/]+)$/, (p, id) => find('events', 'event', id)],
  ];

  /** A session past its expires_at expires when next looked at (and says so with checkout.session.expired). */
  function expireIfDue(session) {
    return session.status === 'open' && session.expires_at <= nowSeconds() ? flows.expireSession(session) : session;
  }

  /**
   * The handler of a request, or undefined when no route matches.
   * @param {string} method @param {string} path
   * @returns {((params: Record<string, any>) => any) | undefined}
   */
  function route(method, path) {
    const hit = routes.find(([m, pattern]) => m === method && pattern.test(path));
    if (!hit) return undefined;
    // an id that is not valid percent-encoding names no object: it stays as sent and is not found
    const decode = (part) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return part;
      }
    };
    const ids = /** @type {RegExpExecArray} */ (hit[1].exec(path)).slice(1).map(decode);
    return (params) => {
      const expand = expandPaths(params);
      let object = hit[2](params, ...ids);
      for (const path of expand) object = store.expand(object, path);
      return object;
    };
  }

  return { route, expireIfDue };
}
