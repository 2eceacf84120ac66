import { lazy, Suspense } from 'react';
import { defineRemote } from '@sniff/shell-sdk';
import { Spinner } from '@sniff/ui';
import declaration from './declaration';
import { billingApi } from './shared/api';
import { PlansPage } from './features/plans/PlansPage';
import './styles.css';

// The account page (export, invoices, Delete Account) is its own chunk: Choose Your Plan does not load it.
const LazyAccountPage = lazy(() => import('./features/account/AccountPage').then((m) => ({ default: m.AccountPage })));
function AccountPage() {
  return (
    <Suspense fallback={<Spinner label="Loading your account" />}>
      <LazyAccountPage />
    </Suspense>
  );
}

export default defineRemote({
  declaration,
  pages: { subscribe: PlansPage, account: AccountPage },
  apis: [billingApi],
});
