import { parseRemoteDeclaration, type RemoteDeclaration } from '@sniff/shell-sdk/declaration';
import { pageMismatch, type RemoteDefinition } from '@sniff/shell-sdk';
import { PRODUCT_DESTINATIONS } from '@sniff/shell-sdk/testing';
import analytics from '../../../mfe-analytics/src/remote';
import billing from '../../../mfe-billing/src/remote';
import marketing from '../../../mfe-marketing/src/remote';
import stores from '../../../mfe-stores/src/remote';
import wizard from '../../../mfe-wizard/src/remote';
import { SHELL_DECLARATION } from '../overview/declaration';
import { buildNavigation, pageFor, visibleFor } from './navigation';
import { PRODUCT_DECLARATIONS, PRODUCT_NAVIGATION, productResults } from './testing';

const REMOTES: Record<string, RemoteDefinition> = {
  mfe_analytics: analytics,
  mfe_billing: billing,
  mfe_marketing: marketing,
  mfe_stores: stores,
  mfe_wizard: wizard,
};

describe("the product's declarations", () => {
  it.each(Object.entries(REMOTES))(
    '%s: its declaration is valid and its code has exactly the declared pages',
    (name, remote) => {
      expect(parseRemoteDeclaration(remote.declaration)).toEqual(remote.declaration);
      expect(remote.declaration).toBe(PRODUCT_DECLARATIONS[name]);
      const declared = [
        ...remote.declaration.routes.map((r) => r.path),
        ...(remote.declaration.publicSite ? ['public'] : []),
      ];
      expect(pageMismatch(remote, declared)).toBeNull();
    },
  );

  it("the shell's overview is declared with the same schema", () => {
    expect(parseRemoteDeclaration(SHELL_DECLARATION)).toEqual(SHELL_DECLARATION);
  });

  it('every destination a front end links to is declared, and the test harness links the same places', () => {
    const links = [SHELL_DECLARATION, ...Object.values(PRODUCT_DECLARATIONS)].flatMap((d) => d.links);
    expect(links.filter((name) => !PRODUCT_NAVIGATION.destinations.has(name))).toEqual([]);
    expect(Object.fromEntries(PRODUCT_NAVIGATION.destinations)).toEqual(PRODUCT_DESTINATIONS);
  });

  it('the sidebar is in declared order, the account page is not in it, and nothing failed', () => {
    expect(PRODUCT_NAVIGATION.sidebar.map((l) => l.label)).toEqual([
      'Dashboard',
      'Create Search Widget',
      'Manage Your Widgets',
      'Installation Guide',
      'Analytics',
      'Subscribe',
    ]);
    expect(PRODUCT_NAVIGATION.pages.map((p) => p.path)).toContain('account');
    expect(PRODUCT_NAVIGATION.failed).toEqual([]);
  });
});

describe('building the navigation', () => {
  const extra = (change: Partial<RemoteDeclaration>): RemoteDeclaration => ({
    id: 'mfe-extra',
    routes: [{ path: 'extra', title: 'Extra', destination: 'extra.page' }],
    sidebar: [{ route: 'extra', label: 'Extra', icon: 'star', order: 60, plans: 'all' }],
    links: [],
    ...change,
  });

  it('a path or destination another remote has is left out, and says so', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const taken = extra({
      routes: [
        { path: 'stores', title: 'Impostor', destination: 'extra.stores' },
        { path: 'extra', title: 'Extra', destination: 'billing.subscribe' },
      ],
      sidebar: [{ route: 'stores', label: 'Impostor', icon: 'star', order: 1, plans: 'all' }],
    });
    const nav = buildNavigation(SHELL_DECLARATION, [...productResults(), { remote: 'mfe_extra', declaration: taken }]);
    expect(pageFor(nav, '/dashboard/stores')).toEqual({
      path: 'stores',
      title: 'Your Stores',
      remote: 'mfe_stores',
      payments: false,
      subPaths: false,
    });
    // Choose Your Plan takes payments (Stripe.js is loaded there only)
    expect(pageFor(nav, '/dashboard/subscribe')?.payments).toBe(true);
    expect(nav.sidebar.map((l) => l.label)).not.toContain('Impostor');
    expect(nav.destinations.get('billing.subscribe')).toBe('/dashboard/subscribe');
    expect(nav.destinations.has('extra.stores')).toBe(false);
    expect(error).toHaveBeenCalledWith(
      expect.stringContaining('mfe_extra declares /dashboard/stores, which mfe_stores has'),
    );
    error.mockRestore();
  });

  it('a failed declaration is listed and its remote adds nothing', () => {
    const nav = buildNavigation(SHELL_DECLARATION, [{ remote: 'mfe_extra', error: 'answered 404' }]);
    expect(nav.failed).toEqual(['mfe_extra']);
    expect(nav.pages.map((p) => p.path)).toEqual(['']);
  });

  it('a page is found by its path, or the longest path routing sub-paths that starts the URL', () => {
    const nav = buildNavigation(SHELL_DECLARATION, [
      {
        remote: 'mfe_extra',
        declaration: extra({
          routes: [
            { path: 'extra', title: 'Extra', subPaths: true },
            { path: 'extra/settings', title: 'Extra Settings', subPaths: true },
            { path: 'plain', title: 'Plain' },
          ],
        }),
      },
    ]);
    expect(pageFor(nav, '/dashboard/extra/settings/colours')?.title).toBe('Extra Settings');
    expect(pageFor(nav, '/dashboard/extra/other')?.title).toBe('Extra');
    expect(pageFor(nav, '/dashboard/extras')).toBeUndefined();
    expect(pageFor(nav, '/dashboard')?.title).toBe('Dashboard');
    expect(pageFor(nav, '/dashboard/plain')?.title).toBe('Plain');
    expect(pageFor(nav, '/dashboard/plain/anything')).toBeUndefined();
  });

  it('sidebar entries for free or paying owners show only once the plans are known', () => {
    const links = [
      { path: 'a', label: 'All', icon: 'home' as const, order: 1, plans: 'all' as const },
      { path: 'f', label: 'Free', icon: 'home' as const, order: 2, plans: 'free' as const },
      { path: 'p', label: 'Paid', icon: 'home' as const, order: 3, plans: 'paid' as const },
    ];
    expect(visibleFor(links, null).map((l) => l.label)).toEqual(['All']);
    expect(visibleFor(links, { free: true }).map((l) => l.label)).toEqual(['All', 'Free']);
    expect(visibleFor(links, { free: false }).map((l) => l.label)).toEqual(['All', 'Paid']);
  });
});
