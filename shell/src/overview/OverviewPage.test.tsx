/** @jest-environment jsdom */
import { act, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { createSniffStore, createStubPlatform, registerPlatform, usePlans } from '@sniff/shell-sdk';
import { installFakeApi, type Handler } from '@sniff/shell-sdk/testing';
import { PlatformBridge } from '../auth/PlatformBridge';
import { dashboardApis } from '../auth/shellApi';
import { WithProductNavigation } from '../navigation/testing';
import { OverviewPage } from './OverviewPage';
import { PLAN_POLL_MS } from './useAwaitPaidPlan';

// The Auth0 SDK is the boundary: a signed-in owner.
const auth = {
  isLoading: false,
  isAuthenticated: true,
  user: { sub: 'owner-1', name: 'Test Owner', email: 'owner@example.com' },
  getAccessTokenSilently: async () => 'test-token',
  loginWithRedirect: async () => undefined,
  logout: async () => undefined,
};
jest.mock('@auth0/auth0-react', () => ({ useAuth0: () => auth }));

const USAGE = {
  used: 42,
  quota: 500,
  grace: 50,
  periodStart: '2026-11-01T00:00:00.000Z',
  periodEnd: '2026-12-01T00:00:00.000Z',
};
const FREE = { plans: [{ plan: 'free', platform: 'custom' }] };
const STARTER = { plans: [{ plan: 'busniess_starter_monthly', platform: 'custom' }] };
const trialing = {
  plan: 'busniess_starter_monthly',
  platform: 'custom',
  status: 'trialing',
  trialEnd: '2026-11-26T10:00:00.000Z',
  currentPeriodEnd: '2026-11-26T10:00:00.000Z',
  cancelAtPeriodEnd: false,
  paymentFailed: false,
  source: 'stripe',
};

function PlansProbe() {
  const plans = usePlans();
  return <output data-testid="plans">{plans ? plans.map((p) => p.plan).join(',') : 'loading'}</output>;
}

/** The overview inside the real platform bridge (plans from billing's info/user), at `path`. */
function showOverview(path: string, handlers: Record<string, Handler>) {
  const calls = installFakeApi(handlers);
  const { store, inject } = createSniffStore();
  dashboardApis.forEach(inject);
  // As at start-up (bootstrap), a platform exists before the bridge replaces it.
  registerPlatform({ ...createStubPlatform(inject, ''), plans: null });
  render(
    <Provider store={store}>
      <WithProductNavigation>
        <MemoryRouter initialEntries={[path]}>
          <PlatformBridge
            apiBaseUrl="/api"
            widgetHost="http://localhost:8080"
            inject={inject}
            payments={{ status: 'ready', error: null, goToCheckout: () => undefined }}
          >
            <OverviewPage />
            <PlansProbe />
          </PlatformBridge>
        </MemoryRouter>
      </WithProductNavigation>
    </Provider>,
  );
  return calls;
}

const sleep = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)));

describe('overview: plan and usage', () => {
  it("shows this month's searches and a trial's end with a link to the plans", async () => {
    showOverview('/dashboard', {
      'billing/info/user': () => ({ body: STARTER }),
      'billing/billing/account': () => ({ body: { subscriptions: [trialing], invoices: [] } }),
      'search/usage': () => ({ body: USAGE }),
    });
    const usage = screen.getByRole('region', { name: 'Searches this month' });
    expect(await within(usage).findByText('42 of 500 searches this month')).toBeTruthy();
    expect(within(usage).getByText('Resets on Dec 1, 2026')).toBeTruthy();
    const status = await screen.findByText(/Free trial until Nov 26, 2026/);
    expect(status.textContent).toBe('SaaS Starter: Free trial until Nov 26, 2026. Manage your plan');
    expect(within(status).getByRole('link', { name: 'Manage your plan' }).getAttribute('href')).toBe(
      '/dashboard/subscribe',
    );
  });

  it('says nothing about a plan that simply renews, and shows the over-quota notice', async () => {
    showOverview('/dashboard', {
      'billing/info/user': () => ({ body: STARTER }),
      'billing/billing/account': () => ({
        body: { subscriptions: [{ ...trialing, status: 'active' }], invoices: [] },
      }),
      'search/usage': () => ({ body: { ...USAGE, used: 550 } }),
    });
    expect(await screen.findByText(/Your widget has stopped answering searches this month/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/dashboard/subscribe');
    expect(screen.queryByText(/Renews on/)).toBeNull();
  });

  it('after a checkout, asks for the plans again until the paid plan the webhook brings shows up', async () => {
    let webhookArrived = false;
    const calls = showOverview('/dashboard?success=true', {
      'billing/info/user': () => ({ body: webhookArrived ? STARTER : FREE }),
      'billing/billing/account': () => ({
        body: { subscriptions: webhookArrived ? [trialing] : [], invoices: [] },
      }),
      'search/usage': () => ({ body: USAGE }),
    });
    expect(screen.getByText('Subscription successful! Your plan has been updated.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('plans').textContent).toBe('free'));
    webhookArrived = true;
    await waitFor(() => expect(screen.getByTestId('plans').textContent).toBe('busniess_starter_monthly'), {
      timeout: PLAN_POLL_MS * 2,
    });
    expect(await screen.findByText(/Free trial until Nov 26, 2026/)).toBeTruthy();
    // Then it stops asking.
    const asked = calls.filter((c) => c.path === 'billing/info/user').length;
    await sleep(PLAN_POLL_MS + 500);
    expect(calls.filter((c) => c.path === 'billing/info/user').length).toBe(asked);
  });

  it('without a checkout, asks for the plans once', async () => {
    const calls = showOverview('/dashboard', {
      'billing/info/user': () => ({ body: FREE }),
      'billing/billing/account': () => ({ body: { subscriptions: [], invoices: [] } }),
      'search/usage': () => ({ body: USAGE }),
    });
    await waitFor(() => expect(screen.getByTestId('plans').textContent).toBe('free'));
    await sleep(PLAN_POLL_MS + 500);
    expect(calls.filter((c) => c.path === 'billing/info/user')).toHaveLength(1);
  });
});

describe('overview: quick actions, widgets and help', () => {
  const store = {
    id: 'st_1',
    name: 'Demo Bakery',
    url: 'https://bakery.example',
    platform: 'custom',
    store_type: 'business',
    status: 'running',
  };
  const handlers = (plans: object, stores: object[]) => ({
    'billing/info/user': () => ({ body: plans }),
    'billing/billing/account': () => ({ body: { subscriptions: [], invoices: [] } }),
    'search/usage': () => ({ body: USAGE }),
    'stores/managestores/list-stores': () => ({ body: stores }),
  });

  it('reads Loading... until the stores are known, then Create Search Widget for a first one', async () => {
    showOverview('/dashboard', handlers(STARTER, []));
    const actions = screen.getByRole('region', { name: 'Quick Actions' });
    expect(within(actions).getByRole('button', { name: 'Loading...' })).toBeTruthy();
    expect(await within(actions).findByRole('button', { name: 'Create Search Widget' })).toBeTruthy();
    expect(within(actions).getByRole('button', { name: 'Manage Your Widgets' })).toBeTruthy();
    expect(await screen.findByText('No widgets yet. Create one to add search to your site.')).toBeTruthy();
  });

  it("tells a free owner with a widget about the limit, and shows each widget's status", async () => {
    showOverview('/dashboard', handlers(FREE, [store]));
    const actions = screen.getByRole('region', { name: 'Quick Actions' });
    expect(await within(actions).findByRole('button', { name: 'Create Another Search Widget' })).toBeTruthy();
    expect(within(actions).getByText('Free users limited to 1 search widget')).toBeTruthy();
    expect(
      within(actions).getByText('Free users can only create 1 search widget. Upgrade to create more.'),
    ).toBeTruthy();
    const widgets = screen.getByRole('region', { name: 'Your widgets' });
    expect(within(widgets).getByRole('link', { name: 'Demo Bakery' }).getAttribute('href')).toBe('/dashboard/stores');
    expect(within(widgets).getByText('running')).toBeTruthy();
  });

  it('says so when a link led to a page no deployed remote declares', async () => {
    showOverview('/dashboard?unavailable=reports.weekly', handlers(STARTER, []));
    expect(
      await screen.findByText(
        'That page is not available right now. The rest of Sniff still works; try again in a moment.',
      ),
    ).toBeTruthy();
  });

  it('offers the consultation, the guide, e-mail support and the community chat', () => {
    showOverview('/dashboard', handlers(STARTER, []));
    const help = screen.getByRole('region', { name: 'Need Help?' });
    const links = within(help)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Book a free 15-minute consultation (opens in a new tab)', 'https://cal.com/sniff/15min'],
      ['Installation Guide', '/dashboard/installation-guide'],
      ['E-mail support', 'mailto:support@sniff.dev'],
      ['Community chat (opens in a new tab)', 'https://discord.gg/sniff'],
    ]);
  });
});
