import type { RemoteDeclaration } from '@sniff/shell-sdk';

/** The shell's own page, declared as a remote declares its pages. */
export const SHELL_DECLARATION = {
  id: 'shell',
  routes: [{ path: '', title: 'Dashboard', destination: 'dashboard.overview' }],
  sidebar: [{ route: '', label: 'Dashboard', icon: 'home', order: 0, plans: 'all' }],
  links: ['wizard.createStore', 'stores.manage', 'stores.installationGuide', 'billing.subscribe', 'billing.account'],
} satisfies RemoteDeclaration;
