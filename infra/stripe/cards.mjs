// Stripe's test cards, checked the way Checkout does it: format first (number, expiry, security code,
// name), then the charge. The number itself is never kept: callers get the brand and last 4 digits only.

const SUCCEEDS = '4242424242424242';
const DECLINED = '4000000000000002';
const MAX_NAME = 200;

/**
 * @param {{ number?: string, expiry?: string, cvc?: string, name?: string }} form
 * @param {Date} [now]
 * @returns {{ ok: true, card: { brand: string, last4: string, expMonth: number, expYear: number }, name: string }
 *   | { ok: false, field: 'number' | 'expiry' | 'cvc' | 'name', message: string, declined?: boolean }}
 */
export function checkCard(form, now = new Date()) {
  const number = String(form.number ?? '').replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || (number !== SUCCEEDS && number !== DECLINED))
    return { ok: false, field: 'number', message: 'Your card number is invalid.' };
  const expiry = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(String(form.expiry ?? ''));
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiry || month < 1 || month > 12)
    return { ok: false, field: 'expiry', message: "Your card's expiration date is invalid." };
  const year = expiry[2].length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + (month - 1) < thisMonth)
    return { ok: false, field: 'expiry', message: "Your card's expiration date is in the past." };
  if (year > now.getUTCFullYear() + 50)
    return { ok: false, field: 'expiry', message: "Your card's expiration year is invalid." };
  if (!/^\d{3,4}$/.test(String(form.cvc ?? '').trim()))
    return { ok: false, field: 'cvc', message: "Your card's security code is incomplete." };
  const name = String(form.name ?? '').trim();
  if (!name || name.length > MAX_NAME || /\p{Cc}/u.test(name) || !name.isWellFormed())
    return { ok: false, field: 'name', message: 'Please enter the name on your card.' };
  if (number === DECLINED) return { ok: false, field: 'number', message: 'Your card was declined.', declined: true };
  return { ok: true, card: { brand: 'visa', last4: number.slice(-4), expMonth: month, expYear: year }, name };
}
