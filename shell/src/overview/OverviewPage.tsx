import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { errorMessage, usePlatform } from '@sniff/shell-sdk';
import { PLAN_CATALOGUE, type PlanId } from '@sniff/contracts';
import { Alert, Button, Card, needsAttention, Spinner, subscriptionStatusText, UsageMeter } from '@sniff/ui';
import { useBillingAccountQuery, useCancelCheckoutMutation, useUsageQuery } from '../auth/shellApi';
import { useAwaitPaidPlan } from './useAwaitPaidPlan';

const BANNERS: { param: string; value: string; kind: 'success' | 'info' | 'error'; text: string }[] = [
  { param: 'success', value: 'true', kind: 'success', text: 'Subscription successful! Your plan has been updated.' },
  {
    param: 'canceled',
    value: 'true',
    kind: 'info',
    text: 'Checkout process was canceled. Your plan has not been changed.',
  },
  {
    param: 'error',
    value: 'checkout_failed',
    kind: 'error',
    text: 'Checkout failed. Please try again or contact support if the issue persists.',
  },
];

const planName = (id: PlanId) => PLAN_CATALOGUE.find((c) => c.monthly?.id === id || c.yearly?.id === id)?.name ?? id;

/** /dashboard: the checkout banner (from the query string), plan status, usage, quick actions and help. */
export function OverviewPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { plans } = usePlatform();
  const params = new URLSearchParams(location.search);
  const banner = BANNERS.find((b) => params.get(b.param) === b.value);
  const [dismissed, setDismissed] = useState(false);
  // Kept when the banner is dismissed: the plan is still on its way.
  const [afterCheckout] = useState(() => params.get('success') === 'true');
  const hasPaidPlan = plans?.some((p) => p.plan !== 'free') ?? false;
  useAwaitPaidPlan(afterCheckout && !hasPaidPlan);
  const [afterCancel] = useState(() => params.get('canceled') === 'true');
  const [cancelCheckout] = useCancelCheckoutMutation();
  useEffect(() => {
    // Best effort: left open, the checkout would only expire on its own (30 minutes).
    if (afterCancel) void cancelCheckout();
  }, [afterCancel, cancelCheckout]);

  return (
    <div className="overview">
      {banner && !dismissed && (
        <Alert
          kind={banner.kind}
          onDismiss={() => {
            setDismissed(true);
            navigate(location.pathname, { replace: true });
          }}
        >
          {banner.text}
        </Alert>
      )}
      <PlanStatus />
      <UsageCard />
      <Card aria-labelledby="quick-actions">
        <h2 id="quick-actions">Quick Actions</h2>
        <div className="card-actions">
          <Button onClick={() => navigate('/dashboard/create-store')}>Create Search Widget</Button>
          <Button variant="secondary" onClick={() => navigate('/dashboard/stores')}>
            Manage Your Widgets
          </Button>
        </div>
      </Card>
      <Card aria-labelledby="need-help">
        <h2 id="need-help">Need Help?</h2>
        <ul>
          <li>
            <Link to="/dashboard/installation-guide">Installation Guide</Link>
          </li>
          <li>
            <a href="mailto:support@sniff.dev">E-mail support</a>
          </li>
        </ul>
      </Card>
    </div>
  );
}

/** One line per plan that is on trial, cancelled or failing to renew; nothing when all is well. */
function PlanStatus() {
  const account = useBillingAccountQuery();
  const attention = (account.data?.subscriptions ?? []).filter(
    (s) => ['trialing', 'active', 'past_due', 'unpaid'].includes(s.status) && needsAttention(s),
  );
  if (!attention.length) return null;
  return (
    <div className="overview-plan-status" role="status">
      {attention.map((s) => (
        <p key={s.plan}>
          <strong>{planName(s.plan)}</strong>: {subscriptionStatusText(s)}.{' '}
          <Link to="/dashboard/subscribe">Manage your plan</Link>
        </p>
      ))}
    </div>
  );
}

/** This month's searches against the plan's quota. */
function UsageCard() {
  const usage = useUsageQuery();
  return (
    <Card aria-labelledby="usage-heading">
      <h2 id="usage-heading">Searches this month</h2>
      {usage.isLoading ? (
        <p>
          <Spinner label="Loading usage" /> Loading...
        </p>
      ) : usage.isError ? (
        <div role="alert">
          <p>Could not load usage: {errorMessage(usage.error)}</p>
          <Button variant="secondary" onClick={() => void usage.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        usage.data && <UsageMeter usage={usage.data} upgrade={<Link to="/dashboard/subscribe">See the plans</Link>} />
      )}
    </Card>
  );
}
