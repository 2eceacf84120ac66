import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { DestinationLink, errorMessage, useGoTo, usePlatform } from '@sniff/shell-sdk';
import { entitlementsFor, PLAN_CATALOGUE, type PlanId } from '@sniff/contracts';
import { Alert, Button, Card, Spinner, StatusBadge } from '@sniff/ui';
import { needsAttention, subscriptionStatusText, UsageMeter } from '@sniff/billing-ui';
import { useBillingAccountQuery, useListStoresQuery, useUsageQuery } from '@sniff/shell-sdk/shared-data';
import { useCancelCheckoutMutation } from '../auth/shellApi';
import { useAwaitPaidPlan } from './useAwaitPaidPlan';

/** Need Help's destinations (the public site links the same places). */
export const HELP_LINKS = {
  consultation: 'https://cal.com/sniff/15min',
  supportEmail: 'mailto:support@sniff.dev',
  community: 'https://discord.gg/sniff',
} as const;

/** Banners the query string asks for; value '*' is any value (an unknown destination's name). */
const BANNERS: { param: string; value: string; kind: 'success' | 'info' | 'error'; text: string }[] = [
  { param: 'success', value: 'true', kind: 'success', text: 'Subscription successful! Your plan has been updated.' },
  {
    param: 'canceled',
    value: 'true',
    kind: 'info',
    text: 'Checkout process was canceled. Your plan has not been changed.',
  },
  {
    param: 'unavailable',
    value: '*',
    kind: 'error',
    text: 'That page is not available right now. The rest of Sniff still works; try again in a moment.',
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
  const banner = BANNERS.find((b) => (b.value === '*' ? params.has(b.param) : params.get(b.param) === b.value));
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
      <QuickActions />
      <YourWidgets />
      <Card aria-labelledby="need-help">
        <h2 id="need-help">Need Help?</h2>
        <ul className="overview-help">
          <li>
            <a href={HELP_LINKS.consultation} target="_blank" rel="noopener noreferrer">
              Book a free 15-minute consultation<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
          <li>
            <DestinationLink to="stores.installationGuide">Installation Guide</DestinationLink>
          </li>
          <li>
            <a href={HELP_LINKS.supportEmail}>E-mail support</a>
          </li>
          <li>
            <a href={HELP_LINKS.community} target="_blank" rel="noopener noreferrer">
              Community chat<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
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
          <DestinationLink to="billing.subscribe">Manage your plan</DestinationLink>
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
        usage.data && (
          <UsageMeter
            usage={usage.data}
            upgrade={<DestinationLink to="billing.subscribe">See the plans</DestinationLink>}
          />
        )
      )}
    </Card>
  );
}

/** Create (or create another) widget, manage them; a free owner with a widget reads the limit. */
function QuickActions() {
  const goTo = useGoTo();
  const { plans } = usePlatform();
  const stores = useListStoresQuery();
  const isFree = plans ? entitlementsFor(plans).isFree : false;
  const count = stores.data?.length ?? 0;
  return (
    <Card aria-labelledby="quick-actions">
      <h2 id="quick-actions">Quick Actions</h2>
      {isFree && count > 0 && (
        <>
          <p>Free users limited to 1 search widget</p>
          <Alert kind="warning">Free users can only create 1 search widget. Upgrade to create more.</Alert>
        </>
      )}
      <div className="card-actions">
        <Button disabled={stores.isLoading} onClick={() => goTo('wizard.createStore')}>
          {stores.isLoading ? 'Loading...' : count > 0 ? 'Create Another Search Widget' : 'Create Search Widget'}
        </Button>
        <Button variant="secondary" onClick={() => goTo('stores.manage')}>
          Manage Your Widgets
        </Button>
      </div>
    </Card>
  );
}

/** Each widget's indexing status at a glance, linking to its management. */
function YourWidgets() {
  const stores = useListStoresQuery();
  return (
    <Card aria-labelledby="your-widgets">
      <h2 id="your-widgets">Your widgets</h2>
      {stores.isLoading ? (
        <p>
          <Spinner label="Loading your widgets" /> Loading...
        </p>
      ) : stores.isError ? (
        <div role="alert">
          <p>Could not load your widgets: {errorMessage(stores.error)}</p>
          <Button variant="secondary" onClick={() => void stores.refetch()}>
            Try again
          </Button>
        </div>
      ) : !stores.data?.length ? (
        <p className="sniff-muted">No widgets yet. Create one to add search to your site.</p>
      ) : (
        <ul className="overview-widgets">
          {stores.data.map((s) => (
            <li key={s.id}>
              <DestinationLink to="stores.manage">{s.name || 'Unnamed Store'}</DestinationLink>
              <span className="sniff-muted"> {s.url} </span>
              <StatusBadge status={s.status} warning={s.status === 'done' && (s.skipped_count ?? 0) > 0} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
