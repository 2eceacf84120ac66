/** The dashboard's one route table: sidebar, titles and which remote renders each page. */
export interface DashboardRoute {
  /** Path under /dashboard; '' is the overview. Also the remote's page key. */
  path: string;
  label: string;
  title: string;
  icon: IconName;
  remote?: string;
  /** false: reached from the user menu, not listed in the sidebar. */
  inSidebar?: false;
  /** The page takes payments: Stripe.js is loaded once the owner opens it (not on every page). */
  payments?: true;
}

export type IconName = 'home' | 'plus' | 'list' | 'book' | 'chart' | 'card';

export const DASHBOARD_ROUTES: DashboardRoute[] = [
  { path: '', label: 'Dashboard', title: 'Dashboard', icon: 'home' },
  {
    path: 'create-store',
    label: 'Create Search Widget',
    title: 'Create Search Widget',
    icon: 'plus',
    remote: 'mfe_wizard',
  },
  { path: 'stores', label: 'Manage Your Widgets', title: 'Your Stores', icon: 'list', remote: 'mfe_stores' },
  {
    path: 'installation-guide',
    label: 'Installation Guide',
    title: 'Installation Guide',
    icon: 'book',
    remote: 'mfe_stores',
  },
  { path: 'analytics', label: 'Analytics', title: 'Analytics', icon: 'chart', remote: 'mfe_analytics' },
  {
    path: 'subscribe',
    label: 'Subscribe',
    title: 'Choose Your Plan',
    icon: 'card',
    remote: 'mfe_billing',
    payments: true,
  },
  { path: 'account', label: 'Account', title: 'Your Account', icon: 'card', remote: 'mfe_billing', inSidebar: false },
];

export const PUBLIC_REMOTE = { remote: 'mfe_marketing', page: 'public' };

export function routeFor(pathname: string): DashboardRoute {
  const rest = pathname.replace(/^\/dashboard\/?/, '').split('/')[0] ?? '';
  return DASHBOARD_ROUTES.find((r) => r.path === rest) ?? DASHBOARD_ROUTES[0];
}
