import { useState } from 'react';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { errorMessage, usePlatform } from '@sniff/shell-sdk';
import { checkoutSessionResponseSchema, type PlanId } from '@sniff/contracts';
import { useCancelCheckoutMutation, useCheckoutSessionMutation } from '../../shared/api';

/** Section 8: subscribing needs a signed-in owner and a ready payment provider. */
export const NOT_READY_TEXT = 'Stripe is not ready or user is not authenticated. Please wait and try again.';
/** Section 8: a provider error or a session without an id ends on the overview's failure banner. */
const CHECKOUT_FAILED_SEARCH = '?error=checkout_failed';

export interface CheckoutMessage {
  plan: PlanId;
  text: string;
  /** Billing refused because another plan's checkout is still open: the owner may end it here. */
  openCheckout?: boolean;
}

/**
 * Starting a checkout: asks billing for a session and hands its URL to the payment provider. A 4xx
 * (unknown plan, already subscribed, a checkout already open) is the owner's to read here; anything
 * else is the checkout failing.
 */
export function useCheckout({ plansKnown }: { plansKnown: boolean }) {
  const platform = usePlatform();
  const [createSession] = useCheckoutSessionMutation();
  const [cancelCheckout] = useCancelCheckoutMutation();
  const [pending, setPending] = useState<PlanId | null>(null);
  const [message, setMessage] = useState<CheckoutMessage | null>(null);
  const ready = plansKnown && platform.user !== null && platform.payments.status === 'ready';

  const checkoutFailed = () =>
    platform.navigate(`${platform.resolveDestination('dashboard.overview') ?? '/dashboard'}${CHECKOUT_FAILED_SEARCH}`);

  async function start(plan: PlanId): Promise<void> {
    if (pending) return;
    if (!ready) {
      setMessage({ plan, text: NOT_READY_TEXT });
      return;
    }
    setMessage(null);
    setPending(plan);
    const result = await createSession(plan);
    if ('error' in result) {
      const status = (result.error as FetchBaseQueryError | undefined)?.status;
      setPending(null);
      if (typeof status === 'number' && status >= 400 && status < 500) {
        const text = errorMessage(result.error);
        setMessage({ plan, text, openCheckout: status === 409 && /checkout .*is already open/i.test(text) });
      } else {
        checkoutFailed();
      }
      return;
    }
    const session = checkoutSessionResponseSchema.safeParse(result.data);
    if (!session.success) {
      setPending(null);
      checkoutFailed();
      return;
    }
    // Stays "Processing..." while the browser leaves for the checkout page.
    platform.payments.goToCheckout(session.data.url);
  }

  /** Ends the other plan's open checkout, then starts this plan's. */
  async function replaceOpen(plan: PlanId): Promise<void> {
    setMessage(null);
    setPending(plan);
    const ended = await cancelCheckout();
    setPending(null);
    if ('error' in ended) {
      setMessage({ plan, text: errorMessage(ended.error) });
      return;
    }
    await start(plan);
  }

  return { ready, pending, message, start, replaceOpen };
}
