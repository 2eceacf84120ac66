// What this remote brings to the dashboard: pure data (types only), written as declaration.json at build.
import type { RemoteDeclaration } from '@sniff/shell-sdk';

export default {
  id: 'mfe-billing',
  routes: [
    { path: 'subscribe', title: 'Choose Your Plan', destination: 'billing.subscribe', payments: true },
    // Reached from the user menu, not the sidebar.
    { path: 'account', title: 'Your Account', destination: 'billing.account' },
  ],
  sidebar: [{ route: 'subscribe', label: 'Subscribe', icon: 'card', order: 50, plans: 'all' }],
  links: ['dashboard.overview'],
} satisfies RemoteDeclaration;
