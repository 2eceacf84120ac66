// What this remote brings: the public site (every path outside /dashboard), no dashboard pages.
// Pure data (types only), written as declaration.json at build.
import type { RemoteDeclaration } from '@sniff/shell-sdk';

export default {
  id: 'mfe-marketing',
  routes: [],
  sidebar: [],
  links: [],
  publicSite: true,
} satisfies RemoteDeclaration;
