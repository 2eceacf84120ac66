// What this remote brings to the dashboard: its page (under /dashboard/), its sidebar entry and its destination.
// Pure data (the build checks it and writes declaration.json; the registry checks it again at publish).
import type { RemoteDeclaration } from '@sniff/shell-sdk';

export default {
  id: 'mfe-__NAME__',
  routes: [{ path: '__NAME__', title: '__TITLE__', destination: 'template.home' }],
  sidebar: [{ route: '__NAME__', label: '__TITLE__', icon: 'star', order: 80, plans: 'all' }],
  links: [],
} satisfies RemoteDeclaration;
