/** @jest-environment jsdom */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { FREE, installFakeApi, PAID, renderPage, type Reply } from '@sniff/shell-sdk/testing';
import { wizardApi } from '../../shared/api';
import { CreateStorePage } from './CreateStorePage';
import { MAIN_URL_REQUIRED, pageLimitMessage } from '@sniff/contracts';
import { widgetSettingsRoute } from './testing';

const apis = [wizardApi];
const site = 'https://bakery.example.com';

function routes(extra: Record<string, () => { status?: number; body: unknown }> = {}) {
  return installFakeApi({
    'stores/managestores/list-stores': () => ({ body: [] }),
    'stores/crawl/map': () => ({ body: { urls: [`${site}/`, `${site}/pricing`, `${site}/about`, `${site}/contact`] } }),
    'stores/saas/create-website': () => ({
      body: { store_id: 'st_abc123', platform: 'custom', store_url: site, type: 'business' },
    }),
    ...widgetSettingsRoute('st_abc123'),
    ...extra,
  });
}

async function toStep3(name = 'Bakery', url = site) {
  fireEvent.click(screen.getByRole('button', { name: /SaaS/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  fireEvent.change(screen.getByLabelText('Store Name'), { target: { value: name } });
  fireEvent.change(screen.getByLabelText('Website URL'), { target: { value: url } });
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: 'Connect Your Website' });
}

afterEach(() => jest.useRealTimers());

test('step 1 shows FREE on the custom tile, disables Back and gates other platforms', () => {
  routes();
  renderPage(<CreateStorePage />, { apis, plans: FREE });
  expect((screen.getByRole('button', { name: 'Back' }) as HTMLButtonElement).disabled).toBe(true);
  expect(screen.getByRole('button', { name: /SaaS/ }).textContent).toContain('FREE');
  fireEvent.click(screen.getByRole('button', { name: /^Squarespace/ }));
  expect(screen.getByRole('dialog', { name: 'Upgrade Required' })).toBeTruthy();
  // Section 2: the button names the platform's plan.
  fireEvent.click(screen.getByRole('button', { name: 'Upgrade to Squarespace Plan' }));
  expect(screen.getByTestId('location').textContent).toContain('/dashboard/subscribe');
});

test('a coming-soon tile opens Upgrade Required with Subscribe for Updates, which asks the team to write', async () => {
  let fail = true;
  const calls = routes({
    'feedback/feedback/send': () =>
      fail
        ? { status: 503, body: { statusCode: 503, error: 'x', message: 'The feedback service is unavailable' } }
        : { body: { id: 'f1', status: 'queued' } },
  });
  renderPage(<CreateStorePage />, { apis, plans: FREE });
  const tile = screen.getByRole('button', { name: /WooCommerce/ });
  expect(tile.textContent).toContain('Coming Soon');
  fireEvent.click(tile);
  const dialog = screen.getByRole('dialog', { name: 'Upgrade Required' });
  expect(dialog.textContent).toContain('WooCommerce is coming soon');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Subscribe for Updates' }));
  expect((await within(dialog).findByRole('alert')).textContent).toContain(
    'Not subscribed: The feedback service is unavailable',
  );
  fail = false;
  fireEvent.click(within(dialog).getByRole('button', { name: 'Subscribe for Updates' }));
  expect(
    await within(dialog).findByText(/Subscribed\. We will e-mail owner@example\.com when WooCommerce is ready\./),
  ).toBeTruthy();
  expect(within(dialog).queryByRole('button', { name: 'Subscribe for Updates' })).toBeNull();
  expect(calls.filter((c) => c.path === 'feedback/feedback/send').at(-1)?.body).toMatchObject({
    text: expect.stringContaining('WooCommerce'),
    copySupport: false,
  });
  // Nothing else happened: still on step 1, no platform chosen.
  fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
  expect(screen.getByRole('heading', { name: 'Select Your Website Platform' })).toBeTruthy();
});

test('store info is validated with the spec messages', async () => {
  const calls = routes();
  renderPage(<CreateStorePage />, { apis, plans: PAID });
  fireEvent.click(screen.getByRole('button', { name: /SaaS/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  const next = screen.getByRole('button', { name: 'Next' });
  expect((next as HTMLButtonElement).disabled).toBe(true);
  fireEvent.change(screen.getByLabelText('Store Name'), { target: { value: '   ' } });
  fireEvent.change(screen.getByLabelText('Website URL'), { target: { value: 'not a url at all' } });
  fireEvent.click(next);
  expect((await screen.findByText('Store name is required.')).getAttribute('role')).toBe('alert');
  expect(screen.getByText('Invalid URL format for website.')).toBeTruthy();
  expect(screen.getByLabelText('Website URL').getAttribute('aria-invalid')).toBe('true');
  expect(calls).toHaveLength(0);
});

test('a free user with a store sees the limit dialog', async () => {
  routes({
    'stores/managestores/list-stores': () => ({
      body: [{ id: 's1', name: 'Old', url: site, platform: 'custom', status: 'done' }],
    }),
  });
  renderPage(<CreateStorePage />, { apis, plans: FREE });
  fireEvent.click(screen.getByRole('button', { name: /SaaS/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  fireEvent.change(screen.getByLabelText('Store Name'), { target: { value: 'Bakery' } });
  fireEvent.change(screen.getByLabelText('Website URL'), { target: { value: site } });
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  const dialog = await screen.findByRole('dialog', { name: 'Free Plan Limit Reached' });
  expect(dialog.textContent).toContain('You can only create 1 search bar on the free plan');
  fireEvent.click(screen.getByRole('button', { name: 'Manage Existing Website' }));
  expect(screen.getByTestId('location').textContent).toContain('/dashboard/stores');
});

test('a paid owner who made a widget while free may add the one the plan pays for, and learns of a full allowance before step 3', async () => {
  const owned = [{ id: 's1', name: 'Old', url: site, platform: 'custom', status: 'done' }];
  routes({ 'stores/managestores/list-stores': () => ({ body: owned }) });
  const { unmount } = renderPage(<CreateStorePage />, { apis, plans: PAID });
  await toStep3(); // one widget (made while free) and a SaaS Starter subscription: room for one more
  unmount();

  owned.push({ id: 's2', name: 'New', url: 'https://shop.example', platform: 'custom', status: 'done' });
  renderPage(<CreateStorePage />, { apis, plans: PAID });
  fireEvent.click(screen.getByRole('button', { name: /SaaS/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  fireEvent.change(screen.getByLabelText('Store Name'), { target: { value: 'Bakery' } });
  fireEvent.change(screen.getByLabelText('Website URL'), { target: { value: site } });
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  const dialog = await screen.findByRole('dialog', { name: 'Widget Limit Reached' });
  expect(dialog.textContent).toContain('Your plan allows 2 search widgets, the free one included, and you have 2.');
  expect(dialog.textContent).toContain('Each paid subscription adds one more');
  expect(screen.queryByRole('heading', { name: 'Connect Your Website' })).toBeNull();
  // The dialog is named, described and operable as axe checks them (contrast is the browser tests').
  const { violations } = await axe.run(dialog, { rules: { 'color-contrast': { enabled: false } } });
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});

test('free users may connect at most 2 pages; the main URL is always checked', async () => {
  const calls = routes();
  renderPage(<CreateStorePage />, { apis, plans: FREE });
  await toStep3();
  const main = screen.getByRole('checkbox', { name: site });
  expect((main as HTMLInputElement).checked).toBe(true);
  fireEvent.click(main);
  expect((main as HTMLInputElement).checked).toBe(true);
  expect(screen.getByText(MAIN_URL_REQUIRED)).toBeTruthy();
  const connect = screen.getByRole('button', { name: 'Connect Custom Website' });
  fireEvent.click(screen.getByRole('checkbox', { name: `${site}/pricing` }));
  expect((connect as HTMLButtonElement).disabled).toBe(false);
  fireEvent.click(screen.getByRole('checkbox', { name: `${site}/about` }));
  expect((connect as HTMLButtonElement).disabled).toBe(true);
  expect(screen.getByText(pageLimitMessage({ isFree: true, maxCustomPages: 2 }))).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Select Main + 1' }));
  expect((connect as HTMLButtonElement).disabled).toBe(false);
  fireEvent.click(connect);
  await screen.findByRole('heading', { name: 'Search Bar Created! Install Widget Code' });
  expect(calls.find((c) => c.path === 'stores/saas/create-website')?.body).toMatchObject({
    store_url: site,
    store_urls: [`${site}/pricing`],
    store_name: 'Bakery',
    platform: 'custom',
    email: 'owner@example.com',
  });
});

test('step 4 shows the store id and the snippet; Copy Code reads Copied! for 2 seconds', async () => {
  routes();
  const writeText = jest.fn().mockResolvedValue(undefined);
  Object.assign(navigator, { clipboard: { writeText } });
  renderPage(<CreateStorePage />, { apis, plans: FREE });
  await toStep3();
  fireEvent.click(screen.getByRole('button', { name: 'Connect Custom Website' }));
  await screen.findByRole('heading', { name: 'Search Bar Created! Install Widget Code' });
  expect(screen.getByTestId('store-id').textContent).toContain('st_abc123');
  const code = screen.getByTestId('embed-code').textContent ?? '';
  expect(code).toContain('<div id="sniff-search"></div>');
  expect(code).toContain('https://widget.test/widget/saas-embed.js');
  expect(code).toContain('data-store-id="st_abc123"');
  expect(code).toContain('data-type="business"');
  // Free users choose only small or medium.
  const sizes = within(screen.getByRole('group', { name: 'Size' })).getAllByRole('radio') as HTMLInputElement[];
  expect(sizes.filter((r) => !r.disabled).map((r) => r.value)).toEqual(['small', 'medium']);
  // The design is saved at once, and the code shows what is saved (with its version).
  await waitFor(() => expect(screen.getByTestId('embed-code').textContent).toContain('data-settings-version="1"'));
  fireEvent.click(screen.getByRole('radio', { name: 'small' }));
  expect(screen.getByTestId('embed-code').textContent).not.toContain('data-size="small"'); // not saved yet
  await waitFor(() => expect(screen.getByTestId('embed-code').textContent).toContain('data-size="small"'), {
    timeout: 3000,
  });
  expect(screen.getByTestId('embed-code').textContent).toContain('data-settings-version="2"');
  expect(screen.getByTestId('design-status').textContent).toBe('Design saved.');

  jest.useFakeTimers();
  fireEvent.click(screen.getByRole('button', { name: 'Copy Code' }));
  await act(async () => undefined);
  expect(writeText).toHaveBeenCalledWith(screen.getByTestId('embed-code').textContent);
  expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
  act(() => jest.advanceTimersByTime(2000));
  expect(screen.getByRole('button', { name: 'Copy Code' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Manage Your Widgets' }).getAttribute('href')).toBe('/dashboard/stores');
});

test('discovery errors are explained and a failed create offers Try Again', async () => {
  routes({
    'stores/crawl/map': () => ({
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', message: 'The website could not be reached.' },
    }),
    'stores/saas/create-website': () => ({
      status: 500,
      body: { statusCode: 500, error: 'Internal', message: 'boom' },
    }),
  });
  renderPage(<CreateStorePage />, { apis, plans: FREE });
  await toStep3();
  expect(screen.getByRole('alert').textContent).toContain('The website could not be reached.');
  expect(screen.getByText(/robots\.txt/)).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Connect Custom Website' }));
  await screen.findByRole('heading', { name: 'Unable to Create Search Bar' });
  fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Connect Your Website' })).toBeTruthy());
});

test('a failed create gives the service\'s explanation, else "Connection failed: {status text}"', async () => {
  let answer: Reply = { status: 503, statusText: 'Service Unavailable', body: {} };
  routes({ 'stores/saas/create-website': () => answer });
  renderPage(<CreateStorePage />, { apis, plans: FREE });
  await toStep3();
  fireEvent.click(screen.getByRole('button', { name: 'Connect Custom Website' }));
  await screen.findByRole('heading', { name: 'Unable to Create Search Bar' });
  expect(screen.getByText('Details: Connection failed: Service Unavailable')).toBeTruthy();
  answer = {
    status: 409,
    body: { statusCode: 409, error: 'Conflict', message: 'This website has a search bar already.' },
  };
  fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Connect Custom Website' }));
  expect(await screen.findByText('Details: This website has a search bar already.')).toBeTruthy();
});

test('a paid owner starts with "Search by {the store\'s name}" and the design is saved once, not again and again', async () => {
  const calls = routes();
  renderPage(<CreateStorePage />, { apis, plans: PAID });
  await toStep3();
  fireEvent.click(screen.getByRole('button', { name: 'Connect Custom Website' }));
  await screen.findByRole('heading', { name: 'Search Bar Created! Install Widget Code' });
  // The name the owner gave the store, not its host (a site on 127.0.0.1 read "Search by 127.0.0.1").
  expect((screen.getByLabelText('Placeholder') as HTMLInputElement).value).toBe('Search by Bakery');
  await waitFor(() => expect(screen.getByTestId('design-status').textContent).toBe('Design saved.'));
  expect(screen.getByTestId('embed-code').textContent).toContain('data-search-placeholder="Search by Bakery"');
  await new Promise((r) => setTimeout(r, 1500));
  expect(calls.filter((c) => c.path.endsWith('/widget-settings'))).toHaveLength(1);
});

test('an optional sitemap URL is checked ("Invalid sitemap URL format.") and sent to discovery, which lists its pages', async () => {
  const calls = routes({
    'stores/crawl/map': (() => ({
      body: {
        urls: [
          `${site}/`,
          `${site}/${calls.filter((c) => c.path === 'stores/crawl/map').length > 1 ? 'menu' : 'pricing'}`,
        ],
      },
    })) as () => Reply,
  });
  renderPage(<CreateStorePage />, { apis, plans: PAID });
  await toStep3();
  expect(await screen.findByRole('checkbox', { name: `${site}/pricing` })).toBeTruthy();
  const field = screen.getByLabelText('Sitemap URL (optional)');
  fireEvent.change(field, { target: { value: 'not a sitemap' } });
  fireEvent.click(screen.getByRole('button', { name: 'Find pages' }));
  const error = screen.getByRole('alert');
  expect(error.textContent).toBe('Invalid sitemap URL format.');
  expect(field.getAttribute('aria-invalid')).toBe('true');
  expect(field.getAttribute('aria-describedby')).toContain(error.id);
  expect(calls.filter((c) => c.path === 'stores/crawl/map')).toHaveLength(1);

  fireEvent.change(field, { target: { value: ` ${site}/feeds/map.xml ` } });
  fireEvent.click(screen.getByRole('button', { name: 'Find pages' }));
  expect(await screen.findByRole('checkbox', { name: `${site}/menu` })).toBeTruthy();
  expect(screen.queryByText('Invalid sitemap URL format.')).toBeNull();
  expect(calls.filter((c) => c.path === 'stores/crawl/map')[1]?.body).toMatchObject({
    url: site,
    sitemap_url: `${site}/feeds/map.xml`,
  });
});
