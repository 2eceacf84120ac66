import type { IconName, RemoteDeclaration } from '@sniff/shell-sdk';
import type { DeclarationResult } from '../remotes/declarations';

/** A dashboard page: the shell's own (remote null) or one a remote declared. */
export interface DashboardPage {
  /** Relative to /dashboard; '' is the overview. Also the page's key in its remote. */
  path: string;
  title: string;
  remote: string | null;
  /** It takes payments: Stripe.js is loaded once it is shown (not on every page). */
  payments: boolean;
  /** It routes the paths below its own itself (else they are unknown). */
  subPaths: boolean;
}

export interface SidebarLink {
  path: string;
  label: string;
  icon: IconName;
  order: number;
  plans: 'free' | 'paid' | 'all';
}

/** The dashboard as the declarations describe it. */
export interface Navigation {
  pages: DashboardPage[];
  /** In sidebar order. */
  sidebar: SidebarLink[];
  /** Destination name -> absolute path. */
  destinations: ReadonlyMap<string, string>;
  /** Remotes whose declaration could not be used (their pages show the error panel). */
  failed: string[];
}

export const dashboardPath = (path: string) => (path ? `/dashboard/${path}` : '/dashboard');

/**
 * Builds the routes, sidebar and destinations from the shell's own declaration (first, so its
 * overview keeps its place) and each remote's. A route or destination another declaration took
 * already is left out, with a console error naming both, rather than shadowing a page.
 */
export function buildNavigation(shell: RemoteDeclaration, results: readonly DeclarationResult[]): Navigation {
  const pages: DashboardPage[] = [];
  const sidebar: SidebarLink[] = [];
  const destinations = new Map<string, string>();
  const owners = new Map<string, string>();
  const failed: string[] = [];
  const add = (declaration: RemoteDeclaration, remote: string | null) => {
    const who = remote ?? 'the shell';
    const taken = new Set<string>();
    for (const route of declaration.routes) {
      const owner = owners.get(route.path);
      if (owner) {
        console.error(`[sniff] ${who} declares /dashboard/${route.path}, which ${owner} has: left out`);
        taken.add(route.path);
        continue;
      }
      owners.set(route.path, who);
      pages.push({
        path: route.path,
        title: route.title,
        remote,
        payments: route.payments === true,
        subPaths: route.subPaths === true,
      });
      if (!route.destination) continue;
      if (destinations.has(route.destination)) {
        console.error(`[sniff] ${who} declares destination "${route.destination}" again: left out`);
      } else {
        destinations.set(route.destination, dashboardPath(route.path));
      }
    }
    for (const entry of declaration.sidebar) {
      if (taken.has(entry.route)) continue;
      const { route, ...rest } = entry;
      sidebar.push({ path: route, ...rest });
    }
  };
  add(shell, null);
  for (const result of results) {
    if (result.declaration) add(result.declaration, result.remote);
    else failed.push(result.remote);
  }
  // Stable: equal orders keep the order of remotes.json.
  sidebar.sort((a, b) => a.order - b.order);
  const all = [shell, ...results.flatMap((r) => (r.declaration ? [r.declaration] : []))];
  for (const d of all) {
    const unknown = d.links.filter((name) => !destinations.has(name));
    if (unknown.length) console.warn(`[sniff] ${d.id} links to unknown destinations: ${unknown.join(', ')}`);
  }
  return { pages, sidebar, destinations, failed };
}

/** The page a dashboard URL shows: its declared path, or the longest one routing sub-paths that starts it. */
export function pageFor(navigation: Navigation, pathname: string): DashboardPage | undefined {
  const rest = pathname.replace(/^\/dashboard\/?/, '').replace(/\/+$/, '');
  let best: DashboardPage | undefined;
  for (const page of navigation.pages) {
    const matches = page.path === rest || (page.subPaths && page.path !== '' && rest.startsWith(`${page.path}/`));
    if (matches && (!best || page.path.length > best.path.length)) best = page;
  }
  return best;
}

/** Which sidebar entries an owner sees; while the plans are unknown only those for everybody. */
export function visibleFor(links: readonly SidebarLink[], plans: { free: boolean } | null): SidebarLink[] {
  return links.filter((l) => l.plans === 'all' || (plans !== null && (l.plans === 'free') === plans.free));
}
