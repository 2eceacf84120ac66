import { defineRemote } from '@sniff/shell-sdk';
import declaration from './declaration';
import { billingApi } from './shared/api';
import { AccountPage } from './features/account/AccountPage';
import { PlansPage } from './features/plans/PlansPage';
import './styles.css';

export default defineRemote({
  declaration,
  pages: { subscribe: PlansPage, account: AccountPage },
  apis: [billingApi],
});
