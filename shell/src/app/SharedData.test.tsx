/** @jest-environment jsdom */
// The dashboard's one cache for shared data: the shell's store with its APIs and the remotes' as the
// loader injects them, the shell's overview and the remotes' own pages, one router.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { createSniffStore, registerPlatform } from '@sniff/shell-sdk';
import { installFakeApi, PAID, stubPlatform } from '@sniff/shell-sdk/testing';
import analytics from '../../../mfe-analytics/src/remote';
import billing from '../../../mfe-billing/src/remote';
import stores from '../../../mfe-stores/src/remote';
import wizard from '../../../mfe-wizard/src/remote';
import { wizardApi } from '../../../mfe-wizard/src/shared/api';
import { dashboardApis } from '../auth/shellApi';
import { OverviewPage } from '../overview/OverviewPage';

const bakery = {
  id: 'st_1',
  name: 'Demo Bakery',
  url: 'https://bakery.example.com',
  platform: 'custom',
  store_type: 'business',
  status: 'done',
};
const cafe = { ...bakery, id: 'st_2', name: 'Corner Cafe', url: 'https://cafe.example.com' };
const USAGE = {
  used: 0,
  quota: 500,
  grace: 50,
  periodStart: '2026-11-01T00:00:00Z',
  periodEnd: '2026-12-01T00:00:00Z',
};

const StoresPage = stores.pages.stores!;
const AnalyticsPage = analytics.pages.analytics!;
const PlansPage = billing.pages.subscribe!;
const trial = {
  plan: 'busniess_starter_monthly',
  platform: 'custom',
  status: 'trialing',
  trialEnd: '2026-11-26T10:00:00.000Z',
  currentPeriodEnd: '2026-11-26T10:00:00.000Z',
  cancelAtPeriodEnd: false,
  paymentFailed: false,
  source: 'stripe',
};

/** The dashboard at /dashboard: the overview, Stores, Analytics and the plans a link away, a list of two stores at most. */
function showDashboard() {
  let stored = [bakery];
  const calls = installFakeApi({
    'stores/managestores/list-stores': () => ({ body: stored }),
    'stores/saas/create-website': () => {
      stored = [...stored, cafe];
      return { body: { store_id: cafe.id, platform: 'custom', store_url: cafe.url, type: 'business' } };
    },
    'stores/managestores/delete-store': (body) => {
      stored = stored.filter((s) => s.id !== body.store_id);
      return { body: { deleted: true, store_id: body.store_id } };
    },
    'billing/billing/account': () => ({ body: { subscriptions: [trial], invoices: [] } }),
    'search/usage': () => ({ body: USAGE }),
  });
  const { store, inject } = createSniffStore();
  dashboardApis.forEach(inject);
  for (const remote of [wizard, stores, analytics, billing]) [...remote.apis, ...remote.slices].forEach(inject);
  registerPlatform(stubPlatform(PAID, { inject }));
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <nav>
          <Link to="/dashboard">Go to overview</Link>
          <Link to="/dashboard/stores">Go to stores</Link>
          <Link to="/dashboard/analytics">Go to analytics</Link>
          <Link to="/dashboard/subscribe">Go to plans</Link>
        </nav>
        <Routes>
          <Route path="/dashboard" element={<OverviewPage />} />
          <Route path="/dashboard/stores/*" element={<StoresPage />} />
          <Route path="/dashboard/analytics/*" element={<AnalyticsPage />} />
          <Route path="/dashboard/subscribe/*" element={<PlansPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  const count = (path: string) => calls.filter((c) => c.path === path).length;
  const listed = () => count('stores/managestores/list-stores');
  return { store, listed, count };
}

const go = (where: string) => fireEvent.click(screen.getByRole('link', { name: `Go to ${where}` }));
const widgets = () => screen.getByRole('region', { name: 'Your widgets' });
const analyticsSites = async (count: number) => {
  const select = await screen.findByLabelText(`Select Custom URL (${count})`);
  return within(select)
    .getAllByRole('option')
    .map((o) => o.textContent)
    .slice(1);
};

describe("the owner's stores: one list for the shell and every remote", () => {
  it("a store created through the wizard's API shows on the overview and in analytics, from one list request each time", async () => {
    const { store, listed } = showDashboard();
    expect(await within(widgets()).findByRole('link', { name: 'Demo Bakery' })).toBeTruthy();
    expect(listed()).toBe(1);

    await act(async () => {
      await store
        .dispatch(
          wizardApi.endpoints.createWebsite.initiate({
            store_url: cafe.url,
            store_urls: [cafe.url],
            store_name: cafe.name,
            platform: 'custom',
            site_type: 'business',
          }),
        )
        .unwrap();
    });
    // The overview shows it without a reload: the one list was asked again, once.
    expect(await within(widgets()).findByRole('link', { name: 'Corner Cafe' })).toBeTruthy();
    expect(listed()).toBe(2);

    // Analytics reads the same list: both sites, and no request of its own.
    go('analytics');
    expect(await analyticsSites(2)).toEqual([bakery.url, cafe.url]);
    expect(listed()).toBe(2);
  });

  it('a store deleted on the Stores page leaves analytics and the overview without a reload', async () => {
    const { store, listed } = showDashboard();
    await act(async () => {
      await store
        .dispatch(
          wizardApi.endpoints.createWebsite.initiate({
            store_url: cafe.url,
            store_name: cafe.name,
            platform: 'custom',
          }),
        )
        .unwrap();
    });
    expect(await within(widgets()).findByRole('link', { name: 'Corner Cafe' })).toBeTruthy();
    go('analytics');
    expect(await analyticsSites(2)).toEqual([bakery.url, cafe.url]);

    go('stores');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Corner Cafe' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete Store' }));
    expect(await screen.findByText('Store deleted successfully!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('store-st_2')).toBeNull());
    const afterDelete = listed();

    go('analytics');
    expect(await analyticsSites(1)).toEqual([bakery.url]);
    go('overview');
    expect(await within(widgets()).findByRole('link', { name: 'Demo Bakery' })).toBeTruthy();
    expect(within(widgets()).queryByRole('link', { name: 'Corner Cafe' })).toBeNull();
    // Neither page asked for the list again: the delete had it fetched once for everyone.
    expect(listed()).toBe(afterDelete);
  });
});

describe("the owner's plan and usage: one copy for the shell and billing", () => {
  it('the plans page shows the subscription and the usage the overview loaded, without asking again', async () => {
    const { count } = showDashboard();
    const usage = screen.getByRole('region', { name: 'Searches this month' });
    expect(await within(usage).findByText('0 of 500 searches this month')).toBeTruthy();
    expect(await screen.findByText(/Free trial until Nov 26, 2026/)).toBeTruthy();

    go('plans');
    const yours = screen.getByRole('region', { name: 'Your plan' });
    expect(within(yours).getByText('SaaS Starter (monthly)')).toBeTruthy();
    expect(within(yours).getByText('Free trial until Nov 26, 2026')).toBeTruthy();
    expect(within(yours).getByText('0 of 500 searches this month')).toBeTruthy();
    expect(count('billing/billing/account')).toBe(1);
    expect(count('search/usage')).toBe(1);
  });
});
