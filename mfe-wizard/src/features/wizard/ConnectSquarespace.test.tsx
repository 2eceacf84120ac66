/** @jest-environment jsdom */
import { fireEvent, screen, within } from '@testing-library/react';
import { FREE, installFakeApi, renderPage } from '@sniff/shell-sdk/testing';
import { DEVELOPER_API_KEY_REQUIRED, SITEMAP_URL_INVALID } from '@sniff/contracts';
import { wizardApi } from '../../shared/api';
import { CreateStorePage } from './CreateStorePage';
import { button, chooseTile, SHOPIFY_PLANS, SQUARESPACE_PLANS, type } from './testing';

const apis = [wizardApi];
const site = 'https://www.bakery-shop.com';

/** The calls the step makes, without the store list read for the widget allowance before step 3. */
const sent = <T extends { path: string }>(calls: T[]) =>
  calls.filter((c) => c.path !== 'stores/managestores/list-stores');

function routes(extra: Parameters<typeof installFakeApi>[0] = {}) {
  return installFakeApi({
    // the owner's stores, read before step 3 (the widget allowance): none yet
    'stores/managestores/list-stores': () => ({ body: [] }),
    'stores/square/create-store': () => ({
      body: { store_id: 'sq_1', platform: 'squarespace', store_url: site },
    }),
    'stores/square/create-blog-portfolio': () => ({
      body: { store_id: 'sq_2', platform: 'squarespace', store_url: site, type: 'blog' },
    }),
    ...extra,
  });
}

async function toStep3() {
  renderPage(<CreateStorePage />, { apis, plans: SQUARESPACE_PLANS });
  chooseTile('Squarespace');
  type('Store Name', 'Bakery');
  type('Squarespace Store URL', site);
  fireEvent.click(button('Next'));
  await screen.findByRole('heading', { name: 'Connect Squarespace' });
}

describe('plan gates', () => {
  test('Squarespace without a Squarespace plan asks to upgrade to it', () => {
    routes();
    renderPage(<CreateStorePage />, { apis, plans: SHOPIFY_PLANS });
    fireEvent.click(screen.getByRole('button', { name: /^Squarespace/ }));
    const dialog = screen.getByRole('dialog', { name: 'Upgrade Required' });
    expect(within(dialog).getByRole('button', { name: 'Upgrade to Squarespace Plan' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('Shopify without Shopify Starter asks to upgrade to the Shopify plan', () => {
    routes();
    renderPage(<CreateStorePage />, { apis, plans: SQUARESPACE_PLANS });
    fireEvent.click(screen.getByRole('button', { name: /^Shopify/ }));
    const dialog = screen.getByRole('dialog', { name: 'Upgrade Required' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upgrade to Shopify Plan' }));
    expect(screen.getByTestId('location').textContent).toBe('/dashboard/subscribe');
  });

  test('a free owner cannot pick Squarespace; a Squarespace plan opens its store info', () => {
    routes();
    const { unmount } = renderPage(<CreateStorePage />, { apis, plans: FREE });
    fireEvent.click(screen.getByRole('button', { name: /^Squarespace/ }));
    expect(screen.getByRole('dialog', { name: 'Upgrade Required' })).toBeTruthy();
    unmount();
    renderPage(<CreateStorePage />, { apis, plans: SQUARESPACE_PLANS });
    chooseTile('Squarespace');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Store Information' })).toBeTruthy();
    expect(screen.getByLabelText('Squarespace Store URL')).toBeTruthy();
  });
});

test('step 2 checks the Squarespace store URL with the website rules', async () => {
  const calls = routes();
  renderPage(<CreateStorePage />, { apis, plans: SQUARESPACE_PLANS });
  chooseTile('Squarespace');
  expect(button('Next').disabled).toBe(true);
  type('Store Name', 'Bakery');
  type('Squarespace Store URL', 'javascript:alert(1)');
  fireEvent.click(button('Next'));
  expect((await screen.findByText('Invalid URL format for website.')).getAttribute('role')).toBe('alert');
  expect(sent(calls)).toHaveLength(0);
});

test('step 3: store types, a required key, and an ecommerce store created with create-store', async () => {
  const calls = routes();
  await toStep3();
  const realestate = screen.getByRole('radio', { name: /Real Estate/ }) as HTMLInputElement;
  expect(realestate.disabled).toBe(true);
  expect(realestate.parentElement?.textContent).toContain('Coming Soon');
  expect((screen.getByRole('radio', { name: 'Ecommerce' }) as HTMLInputElement).checked).toBe(true);
  // Search type and sitemap are for blogs only.
  expect(screen.queryByRole('radio', { name: 'Product Search Only' })).toBeNull();
  expect(screen.queryByLabelText('Sitemap URL (optional)')).toBeNull();

  const key = screen.getByLabelText('Developer API Key') as HTMLInputElement;
  expect(key.type).toBe('password');
  expect(key.getAttribute('autocomplete')).toBe('off');
  fireEvent.click(button('Show key'));
  expect(key.type).toBe('text');
  const guide = screen.getByRole('link', { name: /How to create a Developer API Key/ });
  expect(guide.getAttribute('href')).toBe('/dashboard/installation-guide');
  // What the stores service needs (its Products API only), in the words of every guide.
  const hint = document.getElementById(key.getAttribute('aria-describedby')!.split(' ')[0]!)!;
  expect(hint.textContent).toContain(
    'read-only access to Products. Stock levels come with the products: no Orders or Inventory access is needed.',
  );

  const connect = button('Connect Squarespace');
  expect(connect.disabled).toBe(true);
  type('Developer API Key', '   ');
  fireEvent.click(connect);
  expect((await screen.findByText(DEVELOPER_API_KEY_REQUIRED)).getAttribute('role')).toBe('alert');
  expect(key.getAttribute('aria-invalid')).toBe('true');
  expect(sent(calls)).toHaveLength(0);

  type('Developer API Key', ' sq-key-123 ');
  expect(screen.queryByText(DEVELOPER_API_KEY_REQUIRED)).toBeNull();
  fireEvent.click(connect);
  await screen.findByRole('heading', { name: 'Search Bar Created! Install Widget Code' });
  // The store is created once; step 4 then saves its design (stores/stores/{id}/widget-settings).
  expect(
    sent(calls)
      .map((c) => c.path)
      .filter((p) => !p.endsWith('/widget-settings')),
  ).toEqual(['stores/square/create-store']);
  expect(sent(calls)[0]!.body).toEqual({
    store_name: 'Bakery',
    store_url: site,
    platform: 'squarespace',
    store_type: 'ecommerce',
    search_type: 'products',
    developer_api_key: 'sq-key-123',
    email: 'owner@example.com',
  });
  const code = screen.getByTestId('embed-code').textContent ?? '';
  expect(code).toContain('https://widget.test/widget/embed.js');
  expect(code).toContain('data-platform="squarespace"');
  // The answer had no type: the store type chosen stands in.
  expect(code).toContain('data-type="ecommerce"');
  // Step 4 starts on the list, the spec's wizard default, for shops too (the snippet leaves defaults out).
  expect(code).not.toContain('data-display-format');
  expect(code).not.toContain('data-show-price');
});

test('a blog: search type and sitemap are sent to create-blog-portfolio; a bad sitemap is refused first', async () => {
  const calls = routes();
  await toStep3();
  fireEvent.click(screen.getByRole('radio', { name: 'Blog / Portfolio' }));
  expect((screen.getByRole('radio', { name: 'Product Search Only' }) as HTMLInputElement).checked).toBe(true);
  fireEvent.click(screen.getByRole('radio', { name: 'Content Search + Products Search' }));
  type('Developer API Key', 'sq-key');
  type('Sitemap URL (optional)', 'ftp://nope');
  fireEvent.click(button('Connect Squarespace'));
  expect((await screen.findByText(SITEMAP_URL_INVALID)).getAttribute('role')).toBe('alert');
  expect(sent(calls)).toHaveLength(0);

  type('Sitemap URL (optional)', 'https://www.bakery-shop.com/sitemap.xml');
  fireEvent.click(button('Connect Squarespace'));
  await screen.findByRole('heading', { name: 'Search Bar Created! Install Widget Code' });
  expect(sent(calls)[0]).toMatchObject({
    path: 'stores/square/create-blog-portfolio',
    body: {
      store_type: 'blog',
      search_type: 'full',
      sitemap_url: 'https://www.bakery-shop.com/sitemap.xml',
      developer_api_key: 'sq-key',
    },
  });
  expect(screen.getByTestId('embed-code').textContent).toContain('data-type="blog"');
});

test('a key Squarespace refuses is shown on its field and the owner stays on step 3', async () => {
  routes({
    'stores/square/create-store': () => ({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'developer_api_key: Squarespace refused this key (401). Check that it is active.',
        field: 'developer_api_key',
      },
    }),
  });
  await toStep3();
  type('Developer API Key', 'revoked');
  fireEvent.click(button('Connect Squarespace'));
  const error = await screen.findByText('Squarespace refused this key (401). Check that it is active.');
  expect(error.getAttribute('role')).toBe('alert');
  expect(screen.getByLabelText('Developer API Key').getAttribute('aria-describedby')).toContain(error.id);
  expect(screen.getByRole('heading', { name: 'Connect Squarespace' })).toBeTruthy();
  expect(button('Connect Squarespace').disabled).toBe(false);
});

test('any other failure shows the failure view; Try Again returns to the filled form', async () => {
  let fail = true;
  routes({
    'stores/square/create-store': () =>
      fail
        ? { status: 502, body: { statusCode: 502, error: 'Bad Gateway', message: 'Squarespace is unavailable' } }
        : { body: { store_id: 'sq_3', platform: 'squarespace', store_url: site, type: 'ecommerce' } },
  });
  await toStep3();
  type('Developer API Key', 'sq-key');
  fireEvent.click(button('Connect Squarespace'));
  await screen.findByRole('heading', { name: 'Unable to Create Search Bar' });
  expect(screen.getByText(/Squarespace is unavailable/)).toBeTruthy();
  fireEvent.click(button('Try Again'));
  expect(await screen.findByRole('heading', { name: 'Connect Squarespace' })).toBeTruthy();
  expect((screen.getByLabelText('Developer API Key') as HTMLInputElement).value).toBe('sq-key');
  fail = false;
  fireEvent.click(button('Connect Squarespace'));
  await screen.findByRole('heading', { name: 'Search Bar Created! Install Widget Code' });
  expect(screen.getByTestId('store-id').textContent).toBe('sq_3');
});
