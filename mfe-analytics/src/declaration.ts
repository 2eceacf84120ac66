// What this remote brings to the dashboard: pure data (types only), written as declaration.json at build.
import type { RemoteDeclaration } from '@sniff/shell-sdk';

export default {
  id: 'mfe-analytics',
  routes: [{ path: 'analytics', title: 'Analytics', destination: 'analytics.reports' }],
  // Free owners see it too: the page explains the upgrade (analytics is a paid feature).
  sidebar: [{ route: 'analytics', label: 'Analytics', icon: 'chart', order: 40, plans: 'all' }],
  links: ['billing.subscribe'],
} satisfies RemoteDeclaration;
