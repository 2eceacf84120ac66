import { defineRemote } from '@sniff/shell-sdk';
import { sharedDataApi } from '@sniff/shell-sdk/shared-data';
import { lazyWithSpinner } from '@sniff/ui';
import declaration from './declaration';
import { billingApi } from './shared/api';
import { PlansPage } from './features/plans/PlansPage';
import './styles.css';

// The account page (export, invoices, Delete Account) is its own chunk: Choose Your Plan does not load it.
const AccountPage = lazyWithSpinner(
  () => import('./features/account/AccountPage').then((m) => m.AccountPage),
  'Loading your account',
);

export default defineRemote({
  declaration,
  pages: { subscribe: PlansPage, account: AccountPage },
  apis: [sharedDataApi, billingApi],
});
