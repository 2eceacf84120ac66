// The card payment provider (Stripe.js), loaded once per page on the dashboard. The pure entry of
// @stripe/stripe-js injects nothing on import: the script is fetched only when a key is configured.
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';
import type { StripeConfig } from '../shared/config';

export type PaymentProvider = { stripe: Stripe; error: null } | { stripe: null; error: string };

/** Adds a script element and settles when the browser has run it (or could not fetch it). */
function injectScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => reject(new Error(`${src} could not be loaded`)));
    document.head.append(script);
  });
}

/** What @stripe/react-stripe-js's <Elements> checks before it accepts a client. */
function isStripeClient(value: unknown): value is Stripe {
  const s = value as Record<string, unknown> | null;
  return (
    !!s &&
    ['elements', 'createToken', 'createPaymentMethod', 'confirmCardPayment'].every((m) => typeof s[m] === 'function')
  );
}

async function load({ publishableKey, scriptUrl }: StripeConfig): Promise<PaymentProvider> {
  if (!publishableKey) return { stripe: null, error: 'Payments are off: no Stripe publishable key is configured' };
  try {
    // A stand-in's script (STRIPE_JS_URL) defines window.Stripe; loadStripe then uses that one instead
    // of injecting js.stripe.com's.
    if (scriptUrl && !window.Stripe) await injectScript(scriptUrl);
    const stripe = await loadStripe(publishableKey);
    if (!isStripeClient(stripe)) throw new Error('Stripe.js answered no usable Stripe client');
    return { stripe, error: null };
  } catch (error) {
    return { stripe: null, error: error instanceof Error ? error.message : String(error) };
  }
}

let loading: { key: string; provider: Promise<PaymentProvider> } | undefined;

/**
 * The page's one payment provider client; never rejects (a failure is an `error`). Asking again with
 * the same settings (the dashboard mounted anew) reuses the first load.
 */
export function loadPaymentProvider(config: StripeConfig): Promise<PaymentProvider> {
  const key = `${config.publishableKey}\n${config.scriptUrl}`;
  if (loading?.key !== key) loading = { key, provider: load(config) };
  return loading.provider;
}
