import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Payments } from '@sniff/shell-sdk';
import type { StripeConfig } from '../shared/config';

type Status = Pick<Payments, 'status' | 'error'>;

/** Leaves Sniff for the provider's hosted checkout page: one way, the session's own URL. */
const goToCheckout = (url: string) => window.location.assign(url);

/**
 * The dashboard's root for payments: once `needed` (the owner opened a page that takes payments), it
 * starts loading Stripe.js, once, and hands its state to the platform (remotes read it as
 * `payments`); the other pages never fetch Stripe.js. Checkout is Stripe's hosted page, so no page
 * renders Stripe's React components: their <Elements> provider (3 kB compressed) is not loaded.
 */
export function PaymentsRoot({
  config,
  needed = true,
  children,
}: {
  config: StripeConfig;
  needed?: boolean;
  children: (payments: Payments) => ReactNode;
}) {
  // Once started, the load carries on when the owner moves to a page without payments.
  const [started, setStarted] = useState(needed);
  if (needed && !started) setStarted(true);
  // The loader (with Stripe's) is fetched with it: pages without payments carry neither.
  const provider = useMemo(
    () => (started ? import('./load-payment-provider').then((m) => m.loadPaymentProvider(config)) : null),
    [config, started],
  );
  const [status, setStatus] = useState<Status>({ status: 'loading', error: null });

  useEffect(() => {
    if (!provider) return;
    let live = true;
    setStatus({ status: 'loading', error: null });
    void provider.then((p) => {
      if (!live) return;
      // Payments off (no key) is a setting; a key whose script fails is worth a line in the console.
      if (p.error !== null && config.publishableKey) console.warn(`Sniff: payments unavailable (${p.error})`);
      setStatus(p.stripe ? { status: 'ready', error: null } : { status: 'unavailable', error: p.error });
    });
    return () => {
      live = false;
    };
  }, [provider, config.publishableKey]);

  const payments = useMemo<Payments>(() => ({ ...status, goToCheckout }), [status]);
  return <>{children(payments)}</>;
}
