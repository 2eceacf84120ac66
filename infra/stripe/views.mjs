// Server-rendered hosted pages: Checkout, the customer portal and invoice receipts. No script at all; one
// stylesheet allowed by its hash (page-headers.mjs); light and dark themes; every value is escaped.
import { createHash } from 'node:crypto';
import { discounted } from './objects.mjs';

/** @param {unknown} text */
export const escapeHtml = (text) =>
  String(text ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

const STYLE = `
:root{color-scheme:light dark;--bg:#f4f4f5;--card:#fff;--text:#18181b;--muted:#52525b;--line:#d4d4d8;--accent:#4338ca;--accent-text:#fff;--error-bg:#fef2f2;--error:#b91c1c;--ok-bg:#ecfdf5;--ok:#047857}
@media (prefers-color-scheme:dark){:root{--bg:#09090b;--card:#18181b;--text:#fafafa;--muted:#a1a1aa;--line:#3f3f46;--accent:#a5b4fc;--accent-text:#09090b;--error-bg:#450a0a;--error:#fca5a5;--ok-bg:#052e16;--ok:#6ee7b7}}
*{box-sizing:border-box}
body{font-family:system-ui,sans-serif;background:var(--bg);color:var(--text);margin:0;padding:16px;line-height:1.45}
main{background:var(--card);border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:24px;max-width:560px;margin:24px auto}
h1{font-size:1.4rem;margin:0 0 8px}h2{font-size:1.1rem;margin:24px 0 8px}
p,.muted{color:var(--muted)}
.badge{display:inline-block;font-size:.75rem;font-weight:600;border:1px solid var(--line);border-radius:999px;padding:2px 8px;color:var(--muted)}
dl.summary{display:grid;grid-template-columns:1fr auto;gap:6px 16px;margin:16px 0}dl.summary dt{color:var(--muted)}dl.summary dd{margin:0;text-align:right;font-variant-numeric:tabular-nums}
dl.summary .total{font-weight:700;color:var(--text)}
s{color:var(--muted)}
label{display:block;font-weight:600;margin:14px 0 4px}
input{width:100%;padding:10px;border:1px solid var(--line);border-radius:8px;font-size:1rem;background:var(--card);color:var(--text)}
input[aria-invalid=true]{border-color:var(--error)}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
button{margin-top:16px;padding:10px 16px;border:0;border-radius:8px;background:var(--accent);color:var(--accent-text);font-size:1rem;cursor:pointer;min-height:44px}
button.secondary{background:transparent;color:var(--text);border:1px solid var(--line)}
button.wide{width:100%}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
a{color:var(--accent)}
.error{background:var(--error-bg);color:var(--error);border-radius:8px;padding:10px;margin-top:12px}
.notice{background:var(--ok-bg);color:var(--ok);border-radius:8px;padding:10px;margin-top:12px}
.plan{border:1px solid var(--line);border-radius:10px;padding:16px;margin:12px 0}.plan h3{margin:0 0 4px;font-size:1rem}
.actions{display:flex;flex-wrap:wrap;gap:8px}.actions form{margin:0}
table{width:100%;border-collapse:collapse}th,td{text-align:left;padding:6px 4px;border-bottom:1px solid var(--line)}td.num,th.num{text-align:right}
.hint{font-size:.85rem;color:var(--muted)}
`;
export const STYLE_HASH = `sha256-${createHash('sha256').update(STYLE).digest('base64')}`;

export const money = (cents) => `$${(cents / 100).toFixed(2)}`;
export const day = (seconds) =>
  new Date(seconds * 1000).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
const per = (interval) => (interval === 'year' ? 'year' : 'month');

function layout(title, body) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} · Sniff payments (test mode)</title>
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

const alert = (message) =>
  message ? `<div class="error" role="alert" id="form-error">${escapeHtml(message)}</div>` : '';
const notice = (message) => (message ? `<div class="notice" role="status">${escapeHtml(message)}</div>` : '');

/** Card fields; `error` marks the field it is about. */
function cardFields({ values = {}, error }) {
  const invalid = (field) => (error?.field === field ? ' aria-invalid="true" aria-describedby="form-error"' : '');
  const value = (field) => escapeHtml(values[field] ?? '');
  return `<label for="number">Card number</label>
<input id="number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23" required value="${value('number')}"${invalid('number')}>
<div class="row"><div><label for="expiry">Expiry (MM / YY)</label>
<input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" maxlength="7" required value="${value('expiry')}"${invalid('expiry')}></div>
<div><label for="cvc">CVC</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4" required${invalid('cvc')}></div></div>
<label for="name">Name on card</label>
<input id="name" name="name" autocomplete="cc-name" maxlength="200" required value="${value('name')}"${invalid('name')}>
<p class="hint">Test mode: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined; any future expiry and any CVC.</p>`;
}

/**
 * @param {{ session: any, price: any, product: any, coupon?: any, trialDays: number | null, email: string,
 *   emailLocked: boolean, values?: Record<string, string>, error?: { field: string, message: string } }} o
 */
export function checkoutPage({ session, price, product, coupon, trialDays, email, emailLocked, values, error }) {
  const quantity = 1;
  const subtotal = price.unit_amount * quantity;
  const discount = subtotal - discounted(subtotal, coupon);
  const recurring = subtotal - discount;
  const interval = per(price.recurring.interval);
  const couponLabel = coupon
    ? `${coupon.id} — ${coupon.percent_off != null ? `${coupon.percent_off}% off` : `${money(coupon.amount_off)} off`}`
    : '';
  const back = session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">← Back</a></p>` : '';
  return layout(
    `Subscribe to ${product.name}`,
    `${back}<p class="badge">Test mode</p>
<h1>Subscribe to ${escapeHtml(product.name)}</h1>
${trialDays ? `<p><strong>${trialDays}-day free trial</strong></p>` : ''}
<dl class="summary" aria-label="Order summary">
<dt>${escapeHtml(product.name)}, billed ${interval === 'year' ? 'yearly' : 'monthly'}</dt><dd>${coupon ? `<s>${money(subtotal)}</s>` : money(subtotal)} / ${interval}</dd>
${coupon ? `<dt>${escapeHtml(couponLabel)}</dt><dd>−${money(discount)}</dd>` : ''}
${trialDays ? `<dt>Total due today</dt><dd class="total">${money(0)}</dd><dt>Total after trial</dt><dd class="total">${money(recurring)} / ${interval}</dd>` : `<dt>Total due today</dt><dd class="total">${money(recurring)}</dd>`}
</dl>
${alert(error?.message)}
<form method="post" action="/c/pay/${escapeHtml(encodeURIComponent(session.id))}" autocomplete="on">
<label for="email">E-mail</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(values?.email ?? email)}"${emailLocked ? ' readonly' : ''}${error?.field === 'email' ? ' aria-invalid="true" aria-describedby="form-error"' : ''}>
${cardFields({ values, error })}
<button type="submit" class="wide">Subscribe</button>
</form>
${trialDays ? `<p class="hint">Your card is charged ${money(recurring)} when the trial ends, then every ${interval} until you cancel.</p>` : ''}`,
  );
}

/** @param {{ title: string, message: string, link?: { href: string, text: string } }} o */
export function messagePage({ title, message, link }) {
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : ''}`,
  );
}

const STATUS_TEXT = {
  trialing: 'Trial',
  active: 'Active',
  past_due: 'Payment failed',
  unpaid: 'Unpaid',
  canceled: 'Canceled',
};

function subscriptionLine(subscription) {
  const end = day(subscription.items.data[0].current_period_end);
  if (subscription.status === 'canceled') return `Ended on ${day(subscription.ended_at ?? subscription.canceled_at)}`;
  if (subscription.cancel_at_period_end) return `Cancels on ${end}`;
  if (subscription.status === 'trialing') return `Trial ends ${day(subscription.trial_end)}`;
  if (subscription.status === 'past_due' || subscription.status === 'unpaid')
    return 'The last payment failed. Update your card to keep the plan.';
  return `Renews on ${end}`;
}

/**
 * @param {{ portal: any, customer: any, subscriptions: Array<{ subscription: any, product: any, coupon?: any,
 *   switches: Array<{ price: any, product: any }> }>, invoices: any[], card?: any, notice?: string,
 *   cardError?: { field: string, message: string }, values?: Record<string, string> }} o
 */
export function portalPage({ portal, customer, subscriptions, invoices, card, notice: done, cardError, values }) {
  const base = `/p/session/${encodeURIComponent(portal.id)}`;
  const button = (path, text, { secondary = false, fields = '', method = 'post' } = {}) =>
    `<form method="${method}" action="${escapeHtml(`${base}${path}`)}">${fields}<button type="submit"${secondary ? ' class="secondary"' : ''}>${escapeHtml(text)}</button></form>`;
  const plans = subscriptions.length
    ? subscriptions
        .map(({ subscription, product, coupon, switches }) => {
          const price = subscription.items.data[0].price;
          const amount = discounted(price.unit_amount, coupon);
          const path = `/subscriptions/${encodeURIComponent(subscription.id)}`;
          const open = subscription.status !== 'canceled';
          const actions = !open
            ? ''
            : [
                subscription.cancel_at_period_end
                  ? button(`${path}/renew`, 'Renew plan')
                  : // As on Stripe's portal, Cancel plan opens a confirmation step; nothing changes yet.
                    button(`${path}/cancel`, 'Cancel plan', { secondary: true, method: 'get' }),
                ...switches.map((s) =>
                  button(
                    `${path}/switch`,
                    `Switch to ${s.product.name} ${s.price.recurring.interval === 'year' ? 'yearly' : 'monthly'} (${money(s.price.unit_amount)} / ${per(s.price.recurring.interval)})`,
                    {
                      secondary: true,
                      fields: `<input type="hidden" name="price" value="${escapeHtml(s.price.id)}">`,
                    },
                  ),
                ),
              ].join('');
          return `<section class="plan" aria-labelledby="h-${escapeHtml(subscription.id)}">
<h3 id="h-${escapeHtml(subscription.id)}">${escapeHtml(product.name)} · ${price.recurring.interval === 'year' ? 'yearly' : 'monthly'}</h3>
<p>${money(amount)} / ${per(price.recurring.interval)}${coupon ? ` (${escapeHtml(coupon.id)} applied)` : ''} · <span class="badge">${escapeHtml(STATUS_TEXT[subscription.status] ?? subscription.status)}</span></p>
<p>${escapeHtml(subscriptionLine(subscription))}</p>
<div class="actions">${actions}</div>
</section>`;
        })
        .join('\n')
    : '<p>No subscriptions.</p>';
  const rows = invoices
    .map(
      (invoice) =>
        `<tr><td>${escapeHtml(day(invoice.created))}</td><td class="num">${money(invoice.amount_due)}</td><td>${escapeHtml(invoice.status)}</td><td><a href="/i/${escapeHtml(encodeURIComponent(invoice.id))}">View invoice ${escapeHtml(invoice.number)}</a></td></tr>`,
    )
    .join('');
  return layout(
    'Billing',
    `<p class="badge">Test mode</p>
<h1>Sniff billing</h1>
<p>${escapeHtml(customer.email ?? '')}</p>
${notice(done)}
<h2>Your plans</h2>
${plans}
<h2>Payment method</h2>
<p>${card ? `${escapeHtml(card.brand === 'visa' ? 'Visa' : card.brand)} •••• ${escapeHtml(card.last4)}, expires ${escapeHtml(String(card.exp_month).padStart(2, '0'))}/${escapeHtml(String(card.exp_year).slice(-2))}` : 'No card on file.'}</p>
${alert(cardError?.message)}
<form method="post" action="${escapeHtml(`${base}/card`)}" autocomplete="on" aria-label="Update card">
${cardFields({ values, error: cardError })}
<button type="submit">Update card</button>
</form>
<h2>Invoices</h2>
${invoices.length ? `<table><thead><tr><th scope="col">Date</th><th scope="col" class="num">Amount</th><th scope="col">Status</th><th scope="col">Invoice</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No invoices yet.</p>'}
${portal.return_url ? `<p><a href="${escapeHtml(portal.return_url)}">Return to Sniff</a></p>` : ''}`,
  );
}

/**
 * Stripe's confirmation step before a cancellation: what the owner keeps and until when, then Cancel plan
 * (which sets cancel_at_period_end) or Go back.
 * @param {{ portal: any, subscription: any, product: any }} o
 */
export function cancelConfirmPage({ portal, subscription, product }) {
  const base = `/p/session/${encodeURIComponent(portal.id)}`;
  const action = `${base}/subscriptions/${encodeURIComponent(subscription.id)}/cancel`;
  const end = day(subscription.items.data[0].current_period_end);
  return layout(
    'Cancel your plan',
    `<p class="badge">Test mode</p>
<h1>Cancel your plan</h1>
<p>Your ${escapeHtml(product?.name ?? 'plan')} plan will be canceled, but is still available until the end of your billing period on ${escapeHtml(end)}.</p>
<p>If you change your mind, you can renew your plan before then.</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="confirm" value="yes"><button type="submit">Cancel plan</button></form>
<p><a href="${escapeHtml(base)}">Go back</a></p>`,
  );
}

/** @param {{ invoice: any, customer: any, card?: any }} o */
export function receiptPage({ invoice, customer, card }) {
  const lines = invoice.lines.data
    .map((line) => `<tr><td>${escapeHtml(line.description)}</td><td class="num">${money(line.amount)}</td></tr>`)
    .join('');
  const discount = invoice.subtotal - invoice.total;
  const paid = invoice.status === 'paid';
  return layout(
    `Invoice ${invoice.number}`,
    `<p class="badge">Test mode</p>
<h1>${paid ? 'Receipt' : 'Invoice'} ${escapeHtml(invoice.number)}</h1>
<p>Sniff · ${escapeHtml(customer?.email ?? invoice.customer_email ?? '')}</p>
<dl class="summary">
<dt>Date</dt><dd>${escapeHtml(day(invoice.created))}</dd>
<dt>Status</dt><dd>${escapeHtml(invoice.status)}</dd>
${paid && invoice.status_transitions.paid_at ? `<dt>Paid on</dt><dd>${escapeHtml(day(invoice.status_transitions.paid_at))}</dd>` : ''}
${card ? `<dt>Card</dt><dd>Visa •••• ${escapeHtml(card.last4)}</dd>` : ''}
</dl>
<table><thead><tr><th scope="col">Description</th><th scope="col" class="num">Amount</th></tr></thead><tbody>${lines}
${discount ? `<tr><td>Discount</td><td class="num">−${money(discount)}</td></tr>` : ''}
<tr><th scope="row">${paid ? 'Amount paid' : 'Amount due'}</th><td class="num"><strong>${money(paid ? invoice.amount_paid : invoice.amount_due)}</strong></td></tr></tbody></table>`,
  );
}
