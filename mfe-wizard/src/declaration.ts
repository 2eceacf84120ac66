// What this remote brings to the dashboard: pure data (types only), written as declaration.json at build.
import type { RemoteDeclaration } from '@sniff/shell-sdk';

export default {
  id: 'mfe-wizard',
  routes: [{ path: 'create-store', title: 'Create Search Widget', destination: 'wizard.createStore' }],
  sidebar: [{ route: 'create-store', label: 'Create Search Widget', icon: 'plus', order: 10, plans: 'all' }],
  links: ['stores.manage', 'stores.installationGuide', 'billing.subscribe'],
} satisfies RemoteDeclaration;
