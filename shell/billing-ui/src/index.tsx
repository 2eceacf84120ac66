// @sniff/billing-ui: billing pieces shown both by the shell (overview) and by mfe-billing (plans
// page): this month's search usage and a subscription's state in words. Domain code, so a package
// each front end bundles at the version it names, not part of the @sniff/ui singleton. Structural
// types, so it needs no contracts.
import type { ReactNode } from 'react';
import './billing.css';

const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const COUNT = new Intl.NumberFormat('en-US');

/** "Dec 1, 2026": billing dates are days, read in UTC like the periods they end. */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DAY.format(date);
}

export interface UsageFigures {
  used: number;
  /** null: the plan has no search quota. */
  quota: number | null;
  /** Searches still answered past the quota before the widget pauses (null: no quota). */
  grace: number | null;
  /** When the period ends, which is when the count starts again. */
  periodEnd: string;
}

export const OVER_QUOTA_TEXT = 'Your widget has stopped answering searches this month. Upgrade to keep search running.';

/** Past the quota, within the grace share: "Your widget keeps answering 30 more searches, then pauses until Dec 1, 2026." */
export function graceText(left: number, periodEnd: string): string {
  return (
    `You have used this month's searches. Your widget keeps answering ${COUNT.format(left)} more ` +
    `${left === 1 ? 'search' : 'searches'}, then pauses until ${formatDay(periodEnd)}.`
  );
}

/**
 * "123 of 500 searches this month" with a bar, the reset day and, once the quota is used up, how many
 * searches the grace share still answers or why the widget went quiet, with `upgrade` (a link to the plans).
 */
export function UsageMeter({ usage, upgrade }: { usage: UsageFigures; upgrade?: ReactNode }) {
  const { used, quota, periodEnd } = usage;
  const over = quota !== null && used >= quota;
  const left = quota === null ? 0 : Math.max(0, quota + (usage.grace ?? 0) - used);
  const text =
    quota === null
      ? `${COUNT.format(used)} ${used === 1 ? 'search' : 'searches'} this month (no monthly limit)`
      : `${COUNT.format(used)} of ${COUNT.format(quota)} searches this month`;
  return (
    <div className={`sniff-ui-usage${over ? ' sniff-ui-usage--over' : ''}`}>
      <p className="sniff-ui-usage-text">{text}</p>
      {quota !== null && (
        <div
          className="sniff-ui-usage-bar"
          role="progressbar"
          aria-label="Searches this month"
          aria-valuemin={0}
          aria-valuemax={quota}
          aria-valuenow={Math.min(used, quota)}
          aria-valuetext={text}
        >
          <span style={{ width: `${Math.min(100, (used / quota) * 100)}%` }} />
        </div>
      )}
      <p className="sniff-ui-usage-reset">Resets on {formatDay(periodEnd)}</p>
      {over && (
        <p className="sniff-ui-usage-over">
          <strong>{left > 0 ? graceText(left, periodEnd) : OVER_QUOTA_TEXT}</strong> {upgrade}
        </p>
      )}
    </div>
  );
}

export interface SubscriptionState {
  status: string;
  trialEnd: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  paymentFailed: boolean;
}

/** A subscription's state as the owner reads it (section 9: trial, renewal, cancelled, failed). */
export function subscriptionStatusText(s: SubscriptionState): string {
  if (s.paymentFailed) return 'Payment failed — update your card in Manage billing';

  const end = s.status === 'trialing' ? (s.trialEnd ?? s.currentPeriodEnd) : s.currentPeriodEnd;
  if (s.cancelAtPeriodEnd) return end ? `Active until ${formatDay(end)}` : 'Cancelled';
  if (s.status === 'trialing') return end ? `Free trial until ${formatDay(end)}` : 'Free trial';
  if (s.status === 'paused') return 'Paused';
  return s.currentPeriodEnd ? `Renews on ${formatDay(s.currentPeriodEnd)}` : 'Active';
}

/** Whether the owner should hear about this subscription outside the plans page. */
export const needsAttention = (s: SubscriptionState): boolean =>
  s.paymentFailed || s.cancelAtPeriodEnd || s.status === 'trialing';
