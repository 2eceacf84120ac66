// The hosted pages behind the URLs the API hands out: Checkout (/c/pay/:id), the customer portal
// (/p/session/:id) and receipts (/i/:id, an invoice's hosted_invoice_url). Forms post back here and
// answer 303 (post/redirect/get); a refused form is shown again with the reason (role=alert).
import getRawBody from 'raw-body';
import { checkCard } from './cards.mjs';
import { StripeApiError } from './errors.mjs';
import { nowSeconds } from './store.mjs';
import { STYLE_HASH, cancelConfirmPage, checkoutPage, messagePage, portalPage, receiptPage } from './views.mjs';

const PORTAL_SESSION_SECONDS = 24 * 60 * 60;
const FORM_LIMIT_BYTES = 16 * 1024;
const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

const origin = (url) => {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
};

/**
 * No script, the one stylesheet, forms that post only here (and, for Checkout, the redirect to the
 * merchant's success_url, which Chromium checks against form-action too), never framed.
 */
export function pageHeaders(formTargets = []) {
  const policy = [
    "default-src 'none'",
    `style-src '${STYLE_HASH}'`,
    "script-src 'none'",
    "img-src 'self'",
    `form-action 'self'${formTargets
      .filter(Boolean)
      .map((o) => ` ${o}`)
      .join('')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ];
  return {
    'content-security-policy': policy.join('; '),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
    'content-type': 'text/html; charset=utf-8',
  };
}

const DONE = {
  canceled: 'Your plan is canceled. It stays active until the end of the billing period.',
  renewed: 'Your plan renews again.',
  switched: 'Your plan was switched.',
  card: 'Your card was updated.',
};

/**
 * @param {{ store: ReturnType<import('./store.mjs').openStore>, flows: ReturnType<import('./lifecycle.mjs').lifecycle>,
 *   expireIfDue: (session: any) => any }} deps
 */
export function hostedPages({ store, flows, expireIfDue }) {
  const send = (res, status, html, targets) => res.writeHead(status, pageHeaders(targets)).end(html);
  const redirect = (res, location) => res.writeHead(303, { location, 'cache-control': 'no-store' }).end();
  const notFoundPage = (res) =>
    send(res, 404, messagePage({ title: 'Not found', message: 'This page does not exist.' }));

  async function readForm(req) {
    const body = await getRawBody(req, {
      length: req.headers['content-length'],
      limit: FORM_LIMIT_BYTES,
      encoding: 'utf8',
    });
    return Object.fromEntries(new URLSearchParams(body));
  }

  function checkoutView(session, extra = {}) {
    const setup = store.get('session_setups', session.id);
    const price = store.get('prices', setup.price);
    const customer = store.get('customers', session.customer);
    return checkoutPage({
      session,
      price,
      product: store.get('products', price.product),
      coupon: setup.coupon ? store.get('coupons', setup.coupon) : undefined,
      trialDays: setup.trialPeriodDays,
      email: customer?.email ?? session.customer_email ?? '',
      emailLocked: Boolean(customer?.email || session.customer_email),
      ...extra,
    });
  }

  async function checkout(req, res, id) {
    // the form is read before the session is looked at, so that everything after runs without yielding
    // and a double submission cannot subscribe twice
    const form = req.method === 'POST' ? await readForm(req) : undefined;
    const found = store.get('checkout_sessions', id);
    if (!found) return notFoundPage(res);
    const session = expireIfDue(found);
    const targets = [origin(session.success_url), origin(session.cancel_url)];
    const successUrl = session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);
    const back = session.cancel_url ? { href: session.cancel_url, text: '← Back' } : undefined;
    if (session.status === 'complete') {
      if (req.method === 'POST') return redirect(res, successUrl);
      return send(
        res,
        200,
        messagePage({
          title: 'Payment complete',
          message: 'This checkout is complete.',
          link: { href: successUrl, text: 'Continue' },
        }),
        targets,
      );
    }
    if (session.status === 'expired')
      return send(
        res,
        410,
        messagePage({
          title: 'Checkout expired',
          message: 'This checkout session has expired. Please start again.',
          link: back,
        }),
        targets,
      );
    if (!form) return send(res, 200, checkoutView(session), targets);
    const values = { email: form.email ?? '', number: '', expiry: form.expiry ?? '', name: form.name ?? '' };
    const locked = store.get('customers', session.customer)?.email ?? session.customer_email;
    const email = locked ?? String(form.email ?? '').trim();
    if (!locked && (!EMAIL.test(email) || email.length > 512)) {
      const error = { field: 'email', message: 'Please enter a valid e-mail address.' };
      return send(res, 400, checkoutView(session, { values, error }), targets);
    }
    const checked = checkCard(form);
    if (!checked.ok) {
      // the card number is never echoed back: it is typed again
      return send(res, checked.declined ? 402 : 400, checkoutView(session, { values, error: checked }), targets);
    }
    flows.completeCheckout(session, checked.card, { name: checked.name, email });
    return redirect(res, successUrl);
  }

  function portalContext(portalId) {
    const portal = store.get('portal_sessions', portalId);
    if (!portal) return { missing: true };
    if (portal.created + PORTAL_SESSION_SECONDS < nowSeconds()) return { expired: true, portal };
    return { portal, customer: store.get('customers', portal.customer) };
  }

  function portalView({ portal, customer }, extra = {}) {
    const subscriptions = store
      .all('subscriptions')
      .filter((s) => s.customer === customer.id)
      .map((subscription) => {
        const price = subscription.items.data[0].price;
        const product = store.get('products', price.product);
        const discount = store.get('discounts', subscription.discounts?.[0]);
        const switches = store
          .all('prices')
          .filter(
            (p) =>
              p.active &&
              p.id !== price.id &&
              store.get('products', p.product)?.metadata.platform === product?.metadata.platform,
          )
          .reverse()
          .map((p) => ({ price: p, product: store.get('products', p.product) }));
        return { subscription, product, coupon: discount && store.get('coupons', discount.source.coupon), switches };
      });
    const pm = store.get('payment_methods', customer.invoice_settings.default_payment_method);
    return portalPage({
      portal,
      customer,
      subscriptions,
      invoices: store.all('invoices').filter((i) => i.customer === customer.id),
      card: pm?.card,
      ...extra,
    });
  }

  async function portal(req, res, rest) {
    const [portalId, section, subscriptionId, action, extra] = rest;
    const form = req.method === 'POST' ? await readForm(req) : undefined; // before reading any state (see checkout)
    const context = portalContext(portalId);
    if (context.missing) return notFoundPage(res);
    if (context.expired)
      return send(
        res,
        410,
        messagePage({
          title: 'Session expired',
          message: 'This billing session has expired. Return to Sniff and open Manage billing again.',
          link: context.portal.return_url ? { href: context.portal.return_url, text: 'Return to Sniff' } : undefined,
        }),
      );
    const base = `/p/session/${encodeURIComponent(portalId)}`;
    if (req.method === 'GET' && !section) {
      const done = new URL(req.url ?? '/', 'http://p').searchParams.get('done');
      return send(res, 200, portalView(context, { notice: DONE[done ?? ''] }));
    }
    if (req.method === 'GET' && section === 'subscriptions' && action === 'cancel' && extra === undefined)
      return confirmCancel(res, context, subscriptionId, base);
    if (!form) return notFoundPage(res);
    if (section === 'card' && !subscriptionId) {
      const checked = checkCard(form);
      if (!checked.ok) {
        const values = { expiry: form.expiry ?? '', name: form.name ?? '', number: '' };
        return send(res, checked.declined ? 402 : 400, portalView(context, { cardError: checked, values }));
      }
      flows.updateCard(context.customer, checked.card, { name: checked.name });
      return redirect(res, `${base}?done=card`);
    }
    const subscription = store.get('subscriptions', subscriptionId);
    if (
      section !== 'subscriptions' ||
      extra !== undefined ||
      !subscription ||
      subscription.customer !== context.customer.id
    )
      return notFoundPage(res);
    try {
      // Only the confirmation step's button cancels (it sends confirm=yes); a bare post shows that step.
      if (action === 'cancel' && form.confirm !== 'yes') return confirmCancel(res, context, subscriptionId, base);
      if (action === 'cancel') flows.setCancelAtPeriodEnd(subscription, true);
      else if (action === 'renew') flows.setCancelAtPeriodEnd(subscription, false);
      else if (action === 'switch') {
        const price = store.get('prices', form.price);
        const product = price && store.get('products', price.product);
        const current = store.get('products', subscription.items.data[0].price.product);
        if (!price?.active || product?.metadata.platform !== current?.metadata.platform)
          return send(
            res,
            400,
            messagePage({
              title: 'Cannot switch',
              message: 'That plan cannot be chosen for this subscription.',
              link: { href: base, text: 'Back to billing' },
            }),
          );
        flows.changePrice(subscription, price);
      } else return notFoundPage(res);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      return send(
        res,
        409,
        messagePage({
          title: 'Cannot change this plan',
          message: error.message,
          link: { href: base, text: 'Back to billing' },
        }),
      );
    }
    const done = { cancel: 'canceled', renew: 'renewed', switch: 'switched' }[action];
    return redirect(res, `${base}?done=${done}`);
  }

  /** The confirmation step of Cancel plan, for an open subscription not yet set to cancel; else back to the portal. */
  function confirmCancel(res, context, subscriptionId, base) {
    const subscription = store.get('subscriptions', subscriptionId);
    if (!subscription || subscription.customer !== context.customer.id) return notFoundPage(res);
    if (subscription.status === 'canceled' || subscription.cancel_at_period_end) return redirect(res, base);
    const product = store.get('products', subscription.items.data[0].price.product);
    return send(res, 200, cancelConfirmPage({ portal: context.portal, subscription, product }));
  }

  function receipt(res, id) {
    const invoice = store.get('invoices', id);
    if (!invoice) return notFoundPage(res);
    const subscription = store.get('subscriptions', invoice.subscription);
    const pm = store.get('payment_methods', subscription?.default_payment_method);
    return send(
      res,
      200,
      receiptPage({
        invoice,
        customer: store.get('customers', invoice.customer),
        card: invoice.status === 'paid' && invoice.amount_paid ? pm?.card : undefined,
      }),
    );
  }

  /** @returns {Promise<boolean>} whether the request was a hosted page's */
  return async function handle(req, res, url) {
    const parts = url.pathname
      .split('/')
      .slice(1)
      .map((part) => {
        try {
          return decodeURIComponent(part);
        } catch {
          return '\0';
        }
      });
    const method = req.method ?? 'GET';
    if (!['GET', 'HEAD', 'POST'].includes(method)) return false;
    try {
      if (parts[0] === 'c' && parts[1] === 'pay' && parts.length === 3) await checkout(req, res, parts[2]);
      else if (parts[0] === 'p' && parts[1] === 'session' && parts.length >= 3) await portal(req, res, parts.slice(2));
      else if (parts[0] === 'i' && parts.length === 2 && method !== 'POST') receipt(res, parts[1]);
      else return false;
    } catch (error) {
      const status = /** @type {{ status?: number }} */ (error)?.status;
      if (typeof status !== 'number' || status < 400 || status >= 500) throw error;
      // an unreadable or oversized form
      res.setHeader('connection', 'close');
      send(
        res,
        status,
        messagePage({
          title: 'Form refused',
          message: status === 413 ? 'The form is too large.' : 'The form could not be read.',
        }),
      );
    }
    return true;
  };
}
