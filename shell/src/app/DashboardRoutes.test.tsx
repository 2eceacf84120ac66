/** @jest-environment jsdom */
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Provider } from 'react-redux';
import { createSniffStore, createStubPlatform, registerPlatform } from '@sniff/shell-sdk';
import { installFakeApi, PRODUCT_DESTINATIONS } from '@sniff/shell-sdk/testing';
import { dashboardApis } from '../auth/shellApi';
import { NavigationProvider } from '../navigation/NavigationProvider';
import { definitionOf, fakeLoader, PRODUCT_DECLARATIONS, productResults } from '../navigation/testing';
import { RemoteLoaderContext } from '../remotes/RemotePage';
import type { RemoteLoader } from '../remotes/loader';
import { DashboardRoutes } from './DashboardRoutes';

// The Auth0 SDK is the boundary: each test says what it reports.
const auth = { isLoading: false, isAuthenticated: true, error: undefined as Error | undefined };
jest.mock('@auth0/auth0-react', () => ({ useAuth0: () => auth }));

function Where() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

function renderAt(path: string, load: RemoteLoader) {
  const { store, inject } = createSniffStore();
  dashboardApis.forEach(inject);
  installFakeApi({
    'billing/info/user': () => ({ body: { plans: [{ plan: 'free', platform: 'custom' }] } }),
    'stores/managestores/list-stores': () => ({ body: [] }),
    'billing/billing/account': () => ({ body: { subscriptions: [], invoices: [] } }),
    'search/usage': () => ({
      body: { used: 0, quota: 500, grace: 50, periodStart: '2026-11-01T00:00:00Z', periodEnd: '2026-12-01T00:00:00Z' },
    }),
  });
  act(() => registerPlatform(createStubPlatform(inject, '', PRODUCT_DESTINATIONS)));
  return render(
    <Provider store={store}>
      <RemoteLoaderContext.Provider value={load}>
        <NavigationProvider>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/dashboard/*" element={<DashboardRoutes />} />
            </Routes>
            <Where />
          </MemoryRouter>
        </NavigationProvider>
      </RemoteLoaderContext.Provider>
    </Provider>,
  );
}

const pages = { stores: () => <p>Stores page</p>, 'create-store': () => <p>Wizard page</p> };
const load = async (name: string) => definitionOf(PRODUCT_DECLARATIONS[name]!, pages);
const working = fakeLoader(load);

describe('dashboard routes', () => {
  beforeEach(() => Object.assign(auth, { isLoading: false, isAuthenticated: true, error: undefined }));

  it('checks authentication first, then restricts access when signed out', () => {
    auth.isLoading = true;
    const { unmount } = renderAt('/dashboard/stores', working);
    expect(screen.getByText('Checking authentication status')).toBeTruthy();
    unmount();
    Object.assign(auth, { isLoading: false, isAuthenticated: false });
    renderAt('/dashboard/stores', working);
    expect(screen.getByRole('heading', { name: 'Access Restricted' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeTruthy();
    expect(screen.getByText("Don't have an account? Sign up to get started with your 3-day free trial.")).toBeTruthy();
  });

  it('renders the remote page for its route', async () => {
    renderAt('/dashboard/stores', working);
    expect(await screen.findByText('Stores page')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Your Stores' })).toBeTruthy();
  });

  it('sends unknown dashboard paths to /dashboard, paths below a page included', async () => {
    for (const path of ['/dashboard/no-such-page', '/dashboard/stores/anything', '/dashboard/stores/st_1/edit']) {
      const { unmount } = renderAt(path, working);
      expect(await screen.findByRole('heading', { name: 'Quick Actions' })).toBeTruthy();
      expect(screen.getByTestId('path').textContent).toBe('/dashboard');
      unmount();
    }
  });

  it('shows a panel for a remote that cannot load while the sidebar keeps working', async () => {
    const failing = fakeLoader(async (name) => {
      if (name === 'mfe_stores') throw new Error('manifest answered 404');
      return load(name);
    });
    renderAt('/dashboard/stores', failing);
    expect(await screen.findByText('This part of Sniff could not load')).toBeTruthy();
    // Plain words for the owner; the runtime's message goes to the console only.
    expect(screen.queryByText(/manifest answered 404|mfe_stores/)).toBeNull();
    expect(screen.getByText(/The rest of Sniff still works; try again in a moment./)).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(nav.querySelectorAll('a')).toHaveLength(6);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('Try again loads the remote again', async () => {
    let calls = 0;
    const flaky = fakeLoader(async (name) => {
      calls += 1;
      if (calls === 1) throw new Error('network down');
      return load(name);
    });
    renderAt('/dashboard/create-store', flaky);
    await screen.findByText('This part of Sniff could not load');
    act(() => screen.getByRole('button', { name: 'Try again' }).click());
    expect(await screen.findByText('Wizard page')).toBeTruthy();
  });
});

describe('dashboard routes from the declarations', () => {
  beforeEach(() => Object.assign(auth, { isLoading: false, isAuthenticated: true, error: undefined }));

  it('a remote listed in remotes.json adds its page, title and sidebar entry', async () => {
    const reports = {
      id: 'mfe-reports',
      // It routes its weeks itself (/dashboard/reports/this-week).
      routes: [{ path: 'reports', title: 'Weekly Reports', destination: 'reports.weekly', subPaths: true as const }],
      sidebar: [{ route: 'reports', label: 'Reports', icon: 'star' as const, order: 35, plans: 'all' as const }],
      links: ['billing.subscribe'],
    };
    const loader = fakeLoader(
      async (name) => (name === 'mfe_reports' ? definitionOf(reports) : load(name)),
      async () => [...productResults(), { remote: 'mfe_reports', declaration: reports }],
    );
    renderAt('/dashboard/reports/this-week', loader);
    expect(await screen.findByText('Weekly Reports page')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Weekly Reports' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    const labels = [...nav.querySelectorAll('a')].map((a) => a.textContent);
    // In declared order: between the Installation Guide (30) and Analytics (40).
    expect(labels).toEqual([
      'Dashboard',
      'Create Search Widget',
      'Manage Your Widgets',
      'Installation Guide',
      'Reports',
      'Analytics',
      'Subscribe',
    ]);
  });

  it('a remote whose declaration failed shows the panel on its pages; Try again fetches it again', async () => {
    let broken = true;
    const loader = fakeLoader(load, async () =>
      productResults().map((r) =>
        broken && r.remote === 'mfe_analytics' ? { remote: r.remote, error: 'routes: expected array' } : r,
      ),
    );
    renderAt('/dashboard/analytics', loader);
    expect(await screen.findByText('This part of Sniff could not load')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).queryByRole('link', { name: 'Analytics' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Manage Your Widgets' })).toBeTruthy();
    broken = false;
    act(() => screen.getByRole('button', { name: 'Try again' }).click());
    expect(await screen.findByText('Analytics page')).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Analytics' })).toBeTruthy();
  });
});
