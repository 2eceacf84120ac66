import { defineRemote, getPlatform } from '@sniff/shell-sdk';
import { billingApi } from './shared/api';
import { AccountPage } from './features/account/AccountPage';
import { PlansPage } from './features/plans/PlansPage';
import './styles.css';

getPlatform().inject({
  reducerPath: billingApi.reducerPath,
  reducer: billingApi.reducer,
  middleware: billingApi.middleware,
});

export default defineRemote({ id: 'mfe-billing', pages: { subscribe: PlansPage, account: AccountPage } });
