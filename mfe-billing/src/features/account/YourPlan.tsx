import { useState } from 'react';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { errorMessage } from '@sniff/shell-sdk';
import { useBillingAccountQuery } from '@sniff/shell-sdk/shared-data';
import { subscriptionStatusText } from '@sniff/billing-ui';
import { Button } from '@sniff/ui';
import { portalSessionResponseSchema, type BillingSubscription } from '@sniff/contracts';
import { usePortalSessionMutation } from '../../shared/api';
import { browser } from '../../shared/leave';
import { planName } from '../plans/plan-state';
import { Invoices } from './Invoices';
import { Loadable } from './Section';
import { Usage } from './Usage';

/** Subscriptions that still give (or are about to give) the plan; ended and abandoned ones are history. */
const CURRENT: ReadonlySet<BillingSubscription['status']> = new Set([
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'paused',
]);

// A plan from BILLING_SEED_PLANS (the demo owner) was never bought: no renewal, no portal, no invoices.
const SEEDED_TEXT = 'Granted by Sniff, not billed';
const SEEDED_NOTE =
  'Sniff granted this plan (it was not bought through checkout), so it has no billing to manage and no invoices.';

/** "Your plan": current subscriptions and their state, Manage billing, this month's usage, invoices. */
export function YourPlan() {
  const account = useBillingAccountQuery();
  const current = account.data?.subscriptions.filter((s) => CURRENT.has(s.status)) ?? [];
  const hasBilling = account.data?.subscriptions.some((s) => s.source === 'stripe') ?? false;

  return (
    <section aria-labelledby="your-plan" className="plans-section">
      <h3 id="your-plan">Your plan</h3>
      <Loadable
        what="your plan"
        isLoading={account.isLoading}
        error={account.isError ? errorMessage(account.error) : null}
        onRetry={() => void account.refetch()}
      >
        {() => (
          <div className="billing-part">
            {current.length ? (
              <ul className="billing-subscriptions">
                {current.map((s) => (
                  <li key={`${s.plan}-${s.source}`}>
                    <strong>{planName(s.plan)}</strong>
                    <span className={s.paymentFailed ? 'billing-status billing-status--failed' : 'billing-status'}>
                      {s.source === 'seed' ? SEEDED_TEXT : subscriptionStatusText(s)}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p>You are on the free plan.</p>
            )}
            {hasBilling ? (
              <ManageBilling />
            ) : (
              current.some((s) => s.source === 'seed') && <p className="plan-muted">{SEEDED_NOTE}</p>
            )}
          </div>
        )}
      </Loadable>
      <Usage />
      <Invoices />
    </section>
  );
}

/** Opens the provider's billing portal: change plan or period, update the card, cancel. */
function ManageBilling() {
  const [openPortal, { isLoading }] = usePortalSessionMutation();
  const [message, setMessage] = useState<string | null>(null);

  async function open() {
    setMessage(null);
    const result = await openPortal();
    if ('error' in result) {
      const status = (result.error as FetchBaseQueryError | undefined)?.status;
      setMessage(
        typeof status === 'number' && status < 500
          ? errorMessage(result.error)
          : `The billing portal could not be opened (${errorMessage(result.error)}). Please try again.`,
      );
      return;
    }
    const portal = portalSessionResponseSchema.safeParse(result.data);
    if (!portal.success) return setMessage('The billing portal could not be opened. Please try again.');
    browser.assign(portal.data.url);
  }

  return (
    <div className="billing-manage">
      <Button variant="secondary" onClick={() => void open()} disabled={isLoading} aria-busy={isLoading || undefined}>
        {isLoading ? 'Opening...' : 'Manage billing'}
      </Button>
      <span className="plan-muted">Change your plan or billing period, update your card, or cancel.</span>
      {message && (
        <p role="alert" className="plan-card__message">
          {message}
        </p>
      )}
    </div>
  );
}
