import { useState } from 'react';
import { Button } from '@sniff/ui';
import {
  stripeAmountsOf,
  TRIAL_DAYS,
  type BillingSubscription,
  type PlanCard as Plan,
  type PlanEntry,
  type PlanId,
} from '@sniff/contracts';
import { annualSavings, buttonState } from './plan-state';
import type { CheckoutMessage } from './useCheckout';

interface Props {
  plan: Plan;
  /** The owner's plans; null while unknown (loading or failed). */
  current: readonly PlanEntry[] | null;
  /** The owner's subscriptions (undefined while loading): say how to return to the free plan. */
  subscriptions?: readonly BillingSubscription[];
  /** Whether a checkout can start (signed in, payment provider ready, plans known). */
  ready: boolean;
  /** "Start 3-day free trial" for an owner who never subscribed, else "Subscribe". */
  offerTrial: boolean;
  pending: PlanId | null;
  message: CheckoutMessage | null;
  onSubscribe(plan: PlanId): void;
  /** Ends the open checkout of another plan and starts this one. */
  onReplaceOpen(plan: PlanId): void;
}

/** One plan: its price (monthly or annual), features and the button of its state. */
export function PlanCard({
  plan,
  current,
  subscriptions,
  ready,
  offerTrial,
  pending,
  message,
  onSubscribe,
  onReplaceOpen,
}: Props) {
  // Opens on the period the owner holds, so their plan reads Active at once.
  const [yearly, setYearly] = useState(() => !!plan.yearly && (current ?? []).some((c) => c.plan === plan.yearly?.id));
  const price = (yearly ? plan.yearly : plan.monthly) ?? plan.monthly ?? plan.yearly;
  if (!price) return null;
  const state = buttonState(price, current, pending, subscriptions);
  const savings = yearly ? annualSavings(plan) : null;
  const coupon = stripeAmountsOf(price).coupon;
  const id = `plan-${plan.key}`;
  const shownMessage = message && [plan.monthly?.id, plan.yearly?.id].includes(message.plan) ? message : null;

  return (
    <article
      className={`plan-card${state.kind === 'active' ? ' plan-card--current' : ''}`}
      aria-labelledby={`${id}-name`}
    >
      <h5 id={`${id}-name`}>{plan.name}</h5>
      {plan.monthly && plan.yearly && (
        <div className="plan-toggle" role="group" aria-label={`Billing period for ${plan.name}`}>
          <Button variant="segment" aria-pressed={!yearly} onClick={() => setYearly(false)}>
            Monthly
          </Button>
          <Button variant="segment" aria-pressed={yearly} onClick={() => setYearly(true)}>
            Annual
          </Button>
        </div>
      )}
      <p className="plan-card__price">
        <span className="plan-card__amount">${price.amountUsd}</span>
        <span className="plan-muted">/{price.interval === 'year' ? 'year' : 'month'}</span>
        {price.listUsd && (
          <s className="plan-card__list">
            <span className="visually-hidden">was </span>${price.listUsd}
          </s>
        )}
      </p>
      {savings && <p className="plan-card__savings">{savings}</p>}
      {coupon && (
        <p className="plan-card__coupon">
          ${coupon.amountOffCents / 100} off with {coupon.id}, applied at checkout
        </p>
      )}
      <ul>
        {plan.features.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      <PlanButton
        state={state}
        free={price.id === 'free'}
        ready={ready}
        busy={pending !== null}
        label={offerTrial ? `Start ${TRIAL_DAYS}-day free trial` : 'Subscribe'}
        describedBy={`${id}-note`}
        onClick={() => onSubscribe(price.id)}
      />
      {state.kind === 'not-available' && (
        <p id={`${id}-note`} className="plan-muted">
          {state.reason}
        </p>
      )}
      {shownMessage && (
        <p role="alert" className="plan-card__message">
          {shownMessage.text}
        </p>
      )}
      {shownMessage?.openCheckout && (
        <Button type="button" variant="secondary" onClick={() => onReplaceOpen(shownMessage.plan)}>
          Cancel that checkout and start this one
        </Button>
      )}
    </article>
  );
}

function PlanButton({
  state,
  free,
  ready,
  busy,
  label,
  describedBy,
  onClick,
}: {
  state: ReturnType<typeof buttonState>;
  free: boolean;
  ready: boolean;
  /** Another card's checkout is starting. */
  busy: boolean;
  label: string;
  describedBy: string;
  onClick(): void;
}) {
  switch (state.kind) {
    case 'active':
      return (
        <Button className="plan-button" disabled>
          Active
        </Button>
      );
    case 'not-available':
      return (
        <Button className="plan-button" disabled aria-describedby={describedBy}>
          Not Available
        </Button>
      );
    case 'processing':
      return (
        <Button className="plan-button" disabled aria-busy="true">
          Processing...
        </Button>
      );
    default:
      if (free) {
        return (
          <Button className="plan-button" disabled>
            Free plan
          </Button>
        );
      }
      // Not ready (signed out, provider loading or off, plans unknown): dimmed but focusable, and a
      // click says why instead of doing nothing.
      return (
        <Button className="plan-button" aria-disabled={!ready || undefined} disabled={busy} onClick={onClick}>
          {label}
        </Button>
      );
  }
}
