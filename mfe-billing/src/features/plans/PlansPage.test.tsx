/** @jest-environment jsdom */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FREE, installFakeApi, PAID, renderPage, type Handler } from '@sniff/shell-sdk/testing';
import type { Payments, Platform } from '@sniff/shell-sdk';
import type { BillingSubscription, Invoice, PlanEntry } from '@sniff/contracts';
import { billingApi } from '../../shared/api';
import { browser } from '../../shared/leave';
import { PlansPage } from './PlansPage';
import { NOT_READY_TEXT } from './useCheckout';

const apis = [billingApi];
const USAGE = {
  used: 123,
  quota: 500,
  grace: 50,
  periodStart: '2026-11-01T00:00:00.000Z',
  periodEnd: '2026-12-01T00:00:00.000Z',
};
const EMPTY_ACCOUNT = { subscriptions: [], invoices: [] };

function subscription(over: Partial<BillingSubscription> = {}): BillingSubscription {
  return {
    plan: 'busniess_starter_monthly',
    platform: 'custom',
    status: 'active',
    trialEnd: null,
    currentPeriodEnd: '2026-12-23T10:00:00.000Z',
    cancelAtPeriodEnd: false,
    paymentFailed: false,
    source: 'stripe',
    ...over,
  };
}

function ready(over: Partial<Payments> = {}): Payments {
  return { status: 'ready', error: null, goToCheckout: jest.fn(), ...over };
}

/** The page as the shell shows it, against fake billing and search services. */
function show({
  plans = FREE,
  payments = ready(),
  handlers = {},
  platform = {},
}: {
  plans?: PlanEntry[] | null;
  payments?: Payments;
  handlers?: Record<string, Handler>;
  platform?: Partial<Platform>;
} = {}) {
  const calls = installFakeApi({
    'billing/billing/account': () => ({ body: EMPTY_ACCOUNT }),
    'search/usage': () => ({ body: USAGE }),
    ...handlers,
  });
  const navigate = jest.fn();
  renderPage(<PlansPage />, { apis, plans, platform: { payments, navigate, ...platform } });
  return { calls, navigate, payments };
}

const card = (name: string) => screen.getByRole('article', { name });
const button = (name: string, label: string | RegExp) => within(card(name)).getByRole('button', { name: label });
const isDisabled = (el: HTMLElement) => (el as HTMLButtonElement).disabled;
const isDimmed = (el: HTMLElement) => el.getAttribute('aria-disabled') === 'true';

describe('Choose Your Plan: the catalogue', () => {
  it('shows both groups, every card with its features and the FAQ with the trial and cancellation answers', async () => {
    show();
    expect(screen.getByRole('heading', { name: 'SaaS Website and Squarespace' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Shopify' })).toBeTruthy();
    for (const name of ['SaaS Free', 'SaaS Starter', 'Solo Basic', 'Solo Premium AI', 'Shopify Starter'])
      expect(card(name)).toBeTruthy();
    expect(within(card('Solo Premium AI')).getByText('Sync every 12 hours')).toBeTruthy();
    expect(within(card('SaaS Starter')).getByText('Up to 10k results plus suggestions per month')).toBeTruthy();
    expect(screen.getByText('Is there a free trial?')).toBeTruthy();
    expect(screen.getByText(/3-day free trial with full access/)).toBeTruthy();
    expect(screen.getByText('How do I cancel?')).toBeTruthy();
    expect(screen.getByText(/keep your plan until the end of the billing period \(or of the trial\)/)).toBeTruthy();
    // What the quota counts, as the search service counts it.
    expect(screen.getByText('What counts as a search?')).toBeTruthy();
    expect(screen.getByText(/all the keystrokes of that query count once/)).toBeTruthy();
    // How many widgets a plan gives, as the stores service allows them.
    expect(screen.getByText('How many search widgets can I have?')).toBeTruthy();
    expect(screen.getByText(/Each paid subscription adds one more \(Shopify Starter adds two\)/)).toBeTruthy();
    await screen.findByText('123 of 500 searches this month');
  });

  it('switches between monthly and annual prices and states the annual saving', async () => {
    show();
    const starter = card('SaaS Starter');
    expect(within(starter).getByText('$19')).toBeTruthy();
    expect(within(starter).queryByText(/Save/)).toBeNull();
    const annual = within(starter).getByRole('button', { name: 'Annual' });
    expect(annual.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(annual);
    expect(annual.getAttribute('aria-pressed')).toBe('true');
    expect(within(starter).getByText('$141')).toBeTruthy();
    expect(within(starter).getByText('/year')).toBeTruthy();
    expect(within(starter).getByText('Save $49 (25%)')).toBeTruthy();
    expect(starter.querySelector('s')?.textContent).toBe('was $190');

    fireEvent.click(button('Solo Basic', 'Annual'));
    expect(within(card('Solo Basic')).getByText('$50')).toBeTruthy();
    expect(within(card('Solo Basic')).getByText('Save 17%')).toBeTruthy();
    await screen.findByText('123 of 500 searches this month');
  });

  it('shows Shopify Starter at $26 struck from $51 with the coupon applied at checkout', async () => {
    show();
    const shopify = card('Shopify Starter');
    expect(within(shopify).getByText('$26')).toBeTruthy();
    const struck = shopify.querySelector('s');
    expect(struck?.textContent).toBe('was $51');
    expect(within(struck as HTMLElement).getByText('was')).toBeTruthy();
    expect(within(shopify).getByText('$25 off with SNIFF50, applied at checkout')).toBeTruthy();
    expect(within(shopify).queryByRole('group', { name: /Billing period/ })).toBeNull();
    await screen.findByText('123 of 500 searches this month');
  });
});

describe('Choose Your Plan: button states', () => {
  it('a free owner who never subscribed: the free plan is Active, every paid plan offers the trial', async () => {
    show();
    expect(isDisabled(button('SaaS Free', 'Active'))).toBe(true);
    const trial = await within(card('Solo Basic')).findByRole('button', { name: 'Start 3-day free trial' });
    expect(isDisabled(trial) || isDimmed(trial)).toBe(false);
  });

  it('an owner with a paid plan: Active on it, Not Available on the free plan and on the same platform', async () => {
    show({
      plans: PAID,
      handlers: { 'billing/billing/account': () => ({ body: { subscriptions: [subscription()], invoices: [] } }) },
    });
    expect(isDisabled(button('SaaS Starter', 'Active'))).toBe(true);
    const free = button('SaaS Free', 'Not Available');
    expect(isDisabled(free)).toBe(true);
    expect(await screen.findByText(/To return to the free plan, cancel it in Manage billing/)).toBeTruthy();
    // Switching to the annual price of the plan held goes through Manage billing.
    fireEvent.click(button('SaaS Starter', 'Annual'));
    expect(isDisabled(button('SaaS Starter', 'Not Available'))).toBe(true);
    expect(within(card('SaaS Starter')).getByText(/change it in Manage billing/)).toBeTruthy();
    // Another platform can still be bought; having subscribed before, without the trial wording.
    expect(await within(card('Solo Basic')).findByRole('button', { name: 'Subscribe' })).toBeTruthy();
    expect(isDimmed(button('Shopify Starter', 'Subscribe'))).toBe(false);
  });

  it('after cancelling in Manage billing, the free card says when the owner returns to it (issue 31)', async () => {
    show({
      plans: PAID,
      handlers: {
        'billing/billing/account': () => ({
          body: { subscriptions: [subscription({ cancelAtPeriodEnd: true })], invoices: [] },
        }),
      },
    });
    expect(
      await within(card('SaaS Free')).findByText(
        'Your paid plan is cancelled: you return to the free plan on Dec 23, 2026.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/cancel it in Manage billing/)).toBeNull();
    expect(screen.getByText('Active until Dec 23, 2026')).toBeTruthy();
  });

  it('a plan granted by Sniff (the demo owner) says so: no Manage billing, nothing to cancel (issue 31)', async () => {
    show({
      plans: PAID,
      handlers: {
        'billing/billing/account': () => ({
          body: {
            subscriptions: [subscription({ source: 'seed', currentPeriodEnd: null })],
            invoices: [],
          },
        }),
      },
    });
    expect(
      await within(card('SaaS Free')).findByText(
        'Your paid plan was granted by Sniff and is not billed, so there is nothing to cancel.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Granted by Sniff, not billed')).toBeTruthy();
    expect(screen.getByText(/Sniff granted this plan .* no billing to manage and no invoices/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Manage billing' })).toBeNull();
    fireEvent.click(button('SaaS Starter', 'Annual'));
    expect(
      within(card('SaaS Starter')).getByText('You already have a SaaS website plan, granted by Sniff.'),
    ).toBeTruthy();
  });

  it('opens an annual plan on its annual price, marked Active', async () => {
    show({ plans: [{ plan: 'squarespace_pro_yearly', platform: 'squarespace' }] });
    expect(button('Solo Premium AI', 'Annual').getAttribute('aria-pressed')).toBe('true');
    expect(isDisabled(button('Solo Premium AI', 'Active'))).toBe(true);
    expect(isDisabled(button('Solo Basic', 'Not Available'))).toBe(true);
    await screen.findByText('123 of 500 searches this month');
  });

  it('marks no plan Active when the plans could not be loaded, and says so', async () => {
    show({ platform: { plans: [], plansError: 'Server error: 503' } });
    expect(screen.getByText(/Could not retrieve user plan information/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Active' })).toBeNull();
    expect(isDimmed(button('Solo Basic', /Subscribe|trial/))).toBe(true);
    await screen.findByText('123 of 500 searches this month');
  });

  it('while the payment provider loads: buttons are dimmed and a click says why, without a checkout', async () => {
    const { calls } = show({ payments: ready({ status: 'loading' }) });
    const subscribe = await within(card('Solo Basic')).findByRole('button', { name: 'Start 3-day free trial' });
    expect(isDimmed(subscribe)).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(subscribe);
    expect(within(card('Solo Basic')).getByRole('alert').textContent).toBe(NOT_READY_TEXT);
    expect(calls.some((c) => c.path === 'billing/stripe/checkout-session')).toBe(false);
  });

  it('says up front that subscribing cannot work when payments are off or the owner is signed out', () => {
    show({ payments: ready({ status: 'unavailable', error: 'no key' }) });
    expect(screen.getByRole('alert').textContent).toBe(NOT_READY_TEXT);
    expect(isDimmed(button('Solo Basic', /Subscribe|trial/))).toBe(true);
    cleanup();
    show({ platform: { user: null } });
    expect(screen.getByRole('alert').textContent).toBe(NOT_READY_TEXT);
    expect(screen.queryByRole('heading', { name: 'Your plan' })).toBeNull();
  });
});

describe('Choose Your Plan: checkout', () => {
  it('shows Processing... while the session is created, then goes to the checkout page', async () => {
    let answer!: (reply: { status?: number; body: unknown }) => void;
    const { calls, payments } = show({
      handlers: { 'billing/stripe/checkout-session': () => new Promise((resolve) => (answer = resolve)) },
    });
    fireEvent.click(await within(card('Solo Basic')).findByRole('button', { name: 'Start 3-day free trial' }));
    const processing = await within(card('Solo Basic')).findByRole('button', { name: 'Processing...' });
    expect(processing.getAttribute('aria-busy')).toBe('true');
    expect(isDisabled(processing)).toBe(true);
    // One checkout at a time.
    expect(isDisabled(button('Shopify Starter', 'Start 3-day free trial'))).toBe(true);
    expect(screen.getByRole('status', { name: '' }).textContent).toMatch(
      /Processing: starting checkout for Solo Basic/,
    );
    expect(calls.find((c) => c.path === 'billing/stripe/checkout-session')?.body).toEqual({
      plan: 'squarespace_basic_monthly',
      email: 'owner@example.com',
    });
    await act(async () =>
      answer({ body: { sessionId: 'cs_test_1', url: 'http://127.0.0.1:8095/checkout/cs_test_1' } }),
    );
    await waitFor(() => expect(payments.goToCheckout).toHaveBeenCalledWith('http://127.0.0.1:8095/checkout/cs_test_1'));
  });

  it('checks out the annual price when Annual is chosen', async () => {
    const { calls } = show({
      handlers: {
        'billing/stripe/checkout-session': () => ({ body: { sessionId: 'cs_2', url: 'https://checkout.test/cs_2' } }),
      },
    });
    fireEvent.click(button('SaaS Starter', 'Annual'));
    fireEvent.click(await within(card('SaaS Starter')).findByRole('button', { name: 'Start 3-day free trial' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'billing/stripe/checkout-session')?.body.plan).toBe(
        'busniess_starter_yearly',
      ),
    );
  });

  it("shows the server's message for a refused checkout (4xx) and goes nowhere", async () => {
    const { navigate, payments } = show({
      handlers: {
        'billing/stripe/checkout-session': () => ({
          status: 409,
          body: { statusCode: 409, error: 'Conflict', message: 'A checkout for this plan is already open.' },
        }),
      },
    });
    fireEvent.click(await within(card('Shopify Starter')).findByRole('button', { name: 'Start 3-day free trial' }));
    expect((await within(card('Shopify Starter')).findByRole('alert')).textContent).toBe(
      'A checkout for this plan is already open.',
    );
    expect(button('Shopify Starter', 'Start 3-day free trial')).toBeTruthy();
    expect(navigate).not.toHaveBeenCalled();
    expect(payments.goToCheckout).not.toHaveBeenCalled();
  });

  it('ends another plan’s open checkout and starts this one when the owner asks', async () => {
    let open = true;
    const { calls, payments } = show({
      handlers: {
        'billing/stripe/checkout-session': () =>
          open
            ? {
                status: 409,
                body: {
                  statusCode: 409,
                  message: 'A checkout for Solo Basic is already open. Finish it or cancel it first.',
                },
              }
            : { body: { sessionId: 'cs_test_2', url: 'http://127.0.0.1:8095/checkout/cs_test_2' } },
        'billing/stripe/checkout-session/cancel': () => {
          open = false;
          return { body: { canceled: true } };
        },
      },
    });
    fireEvent.click(await within(card('Shopify Starter')).findByRole('button', { name: 'Start 3-day free trial' }));
    fireEvent.click(
      await within(card('Shopify Starter')).findByRole('button', { name: 'Cancel that checkout and start this one' }),
    );
    await waitFor(() => expect(payments.goToCheckout).toHaveBeenCalledWith('http://127.0.0.1:8095/checkout/cs_test_2'));
    expect(calls.filter((c) => c.path === 'billing/stripe/checkout-session/cancel')).toHaveLength(1);
  });

  it('goes to /dashboard?error=checkout_failed when the provider fails (5xx) or the session has no id', async () => {
    const { navigate, payments } = show({
      handlers: {
        'billing/stripe/checkout-session': () => ({
          status: 502,
          body: { statusCode: 502, message: 'The payment provider did not answer' },
        }),
      },
    });
    fireEvent.click(await within(card('Solo Basic')).findByRole('button', { name: 'Start 3-day free trial' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/dashboard?error=checkout_failed'));
    expect(payments.goToCheckout).not.toHaveBeenCalled();

    cleanup();
    const second = show({
      handlers: { 'billing/stripe/checkout-session': () => ({ body: { url: 'https://checkout.test/x' } }) },
    });
    fireEvent.click(await within(card('Solo Basic')).findByRole('button', { name: 'Start 3-day free trial' }));
    await waitFor(() => expect(second.navigate).toHaveBeenCalledWith('/dashboard?error=checkout_failed'));
    expect(second.payments.goToCheckout).not.toHaveBeenCalled();
  });
});

describe('Choose Your Plan: your plan, usage and invoices', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows each plan with its state in words', async () => {
    show({
      plans: [
        { plan: 'busniess_starter_yearly', platform: 'custom' },
        { plan: 'squarespace_basic_monthly', platform: 'squarespace' },
        { plan: 'starter', platform: 'shopify' },
      ],
      handlers: {
        'billing/billing/account': () => ({
          body: {
            subscriptions: [
              subscription({
                plan: 'busniess_starter_yearly',
                status: 'trialing',
                trialEnd: '2026-11-26T10:00:00.000Z',
              }),
              subscription({ plan: 'squarespace_basic_monthly', platform: 'squarespace', cancelAtPeriodEnd: true }),
              subscription({ plan: 'starter', platform: 'shopify', status: 'past_due', paymentFailed: true }),
              subscription({ plan: 'squarespace_pro_monthly', platform: 'squarespace', status: 'canceled' }),
            ],
            invoices: [],
          },
        }),
      },
    });
    const mine = screen.getByRole('region', { name: 'Your plan' });
    expect(await within(mine).findByText('Free trial until Nov 26, 2026')).toBeTruthy();
    expect(within(mine).getByText('SaaS Starter (annual)')).toBeTruthy();
    expect(within(mine).getByText('Solo Basic (monthly)')).toBeTruthy();
    expect(within(mine).getByText('Active until Dec 23, 2026')).toBeTruthy();
    expect(within(mine).getByText('Shopify Starter')).toBeTruthy();
    expect(within(mine).getByText('Payment failed — update your card in Manage billing')).toBeTruthy();
    // An ended subscription is history, not a plan.
    expect(within(mine).queryByText(/Solo Premium AI/)).toBeNull();
  });

  it('a renewing plan: "Renews on"; Manage billing opens the billing portal', async () => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { calls } = show({
      plans: PAID,
      handlers: {
        'billing/billing/account': () => ({ body: { subscriptions: [subscription()], invoices: [] } }),
        'billing/stripe/portal-session': () => ({ body: { url: 'http://127.0.0.1:8095/portal/ps_1' } }),
      },
    });
    expect(await screen.findByText('Renews on Dec 23, 2026')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://127.0.0.1:8095/portal/ps_1'));
    expect(calls.find((c) => c.path === 'billing/stripe/portal-session')?.body).toEqual({ email: 'owner@example.com' });
  });

  it("Manage billing shows the server's message when there is nothing to manage (409)", async () => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    show({
      handlers: {
        'billing/billing/account': () => ({
          body: { subscriptions: [subscription({ status: 'canceled' })], invoices: [] },
        }),
        'billing/stripe/portal-session': () => ({
          status: 409,
          body: { statusCode: 409, message: 'You have no subscription to manage.' },
        }),
      },
    });
    expect(await screen.findByText('You are on the free plan.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Manage billing' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You have no subscription to manage.');
    expect(assign).not.toHaveBeenCalled();
  });

  it("shows this month's usage against the quota and when it resets", async () => {
    show();
    const usage = screen.getByRole('region', { name: 'Searches this month' });
    expect(await within(usage).findByText('123 of 500 searches this month')).toBeTruthy();
    expect(within(usage).getByText('Resets on Dec 1, 2026')).toBeTruthy();
    const bar = within(usage).getByRole('progressbar', { name: 'Searches this month' });
    expect([bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuemax')]).toEqual(['123', '500']);
    expect(within(usage).queryByText(/stopped answering/)).toBeNull();
  });

  it('at the quota: says how many more searches the widget answers before it pauses', async () => {
    show({ handlers: { 'search/usage': () => ({ body: { ...USAGE, used: 520 } }) } });
    expect(await screen.findByText('520 of 500 searches this month')).toBeTruthy();
    expect(
      screen.getByText(
        "You have used this month's searches. Your widget keeps answering 30 more searches, then pauses until Dec 1, 2026.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('#choose-plan');
  });

  it('past the quota and its grace share: says the widget stopped answering and links to the plans', async () => {
    show({ handlers: { 'search/usage': () => ({ body: { ...USAGE, used: 550 } }) } });
    expect(await screen.findByText('550 of 500 searches this month')).toBeTruthy();
    expect(
      screen.getByText('Your widget has stopped answering searches this month. Upgrade to keep search running.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('#choose-plan');
    expect(document.getElementById('choose-plan')?.textContent).toBe('Plans');
  });

  it('lists past invoices with a receipt link opening in a new tab', async () => {
    const invoices: Invoice[] = [
      {
        id: 'in_1',
        date: '2026-11-23T10:00:00.000Z',
        amountCents: 1900,
        currency: 'usd',
        status: 'paid',
        receiptUrl: 'http://127.0.0.1:8095/invoices/in_1',
      },
      {
        id: 'in_2',
        date: '2026-10-23T10:00:00.000Z',
        amountCents: 0,
        currency: 'usd',
        status: 'void',
        receiptUrl: null,
      },
    ];
    show({
      plans: PAID,
      handlers: { 'billing/billing/account': () => ({ body: { subscriptions: [subscription()], invoices } }) },
    });
    const table = await screen.findByRole('table', { name: 'Past invoices' });
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0])
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Amount', 'Status', 'Receipt']);
    expect(
      within(rows[1])
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Nov 23, 2026', '$19.00', 'Paid', 'Receipt of Nov 23, 2026 (opens in a new tab)']);
    const receipt = within(rows[1]).getByRole('link', { name: /^Receipt/ });
    expect(receipt.getAttribute('href')).toBe('http://127.0.0.1:8095/invoices/in_1');
    expect(receipt.getAttribute('target')).toBe('_blank');
    expect(receipt.getAttribute('rel')).toContain('noopener');
    expect(within(rows[2]).queryByRole('link')).toBeNull();
  });

  it('says when there are no invoices yet, and offers Try again when the account cannot load', async () => {
    let fail = true;
    show({
      handlers: {
        'billing/billing/account': () =>
          fail ? { status: 503, body: { statusCode: 503, message: 'Billing is down' } } : { body: EMPTY_ACCOUNT },
      },
    });
    const invoices = screen.getByRole('region', { name: 'Invoices' });
    expect((await within(invoices).findByRole('alert')).textContent).toContain(
      'Could not load invoices: Billing is down',
    );
    fail = false;
    fireEvent.click(within(invoices).getByRole('button', { name: 'Try again' }));
    expect(await within(invoices).findByText('No invoices yet.')).toBeTruthy();
    expect(await screen.findByText('You are on the free plan.')).toBeTruthy();
  });

  it('usage that cannot load says so and can be tried again', async () => {
    let fail = true;
    show({
      handlers: {
        'search/usage': () =>
          fail ? { status: 500, body: { statusCode: 500, message: 'Search is down' } } : { body: USAGE },
      },
    });
    const usage = screen.getByRole('region', { name: 'Searches this month' });
    expect(within(usage).getByText('Loading...')).toBeTruthy();
    expect((await within(usage).findByRole('alert')).textContent).toContain('Could not load usage: Search is down');
    fail = false;
    fireEvent.click(within(usage).getByRole('button', { name: 'Try again' }));
    expect(await within(usage).findByText('123 of 500 searches this month')).toBeTruthy();
  });
});
