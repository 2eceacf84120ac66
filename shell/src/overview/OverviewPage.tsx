import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Alert, Button, Card } from '@sniff/ui';

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

/** /dashboard: the checkout banner (from the query string), quick actions and help. */
export function OverviewPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const banner = BANNERS.find((b) => params.get(b.param) === b.value);
  const [dismissed, setDismissed] = useState(false);

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
