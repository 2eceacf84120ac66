// What this remote brings to the dashboard: pure data (types only), written as declaration.json at build.
import type { RemoteDeclaration } from '@sniff/shell-sdk';

export default {
  id: 'mfe-stores',
  routes: [
    { path: 'stores', title: 'Your Stores', destination: 'stores.manage' },
    { path: 'installation-guide', title: 'Installation Guide', destination: 'stores.installationGuide' },
  ],
  sidebar: [
    { route: 'stores', label: 'Manage Your Widgets', icon: 'list', order: 20, plans: 'all' },
    { route: 'installation-guide', label: 'Installation Guide', icon: 'book', order: 30, plans: 'all' },
  ],
  links: ['wizard.createStore', 'billing.subscribe'],
} satisfies RemoteDeclaration;
