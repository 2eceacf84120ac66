/** @jest-environment jsdom */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { installFakeApi, renderPage } from '@sniff/shell-sdk/testing';
import { useListStoresQuery } from '@sniff/shell-sdk/shared-data';
import { SHOPIFY_OAUTH_MESSAGE, shopifyConnectionFailed } from '@sniff/contracts';
import { wizardApi } from '../../shared/api';
import { browser } from './browser';
import { CreateStorePage } from './CreateStorePage';
import { apiOriginOf, OAUTH_WINDOW_NAME, POPUP_CLOSED, POPUP_POLL_MS } from './hooks/useShopifyOauth';
import { button, chooseTile, SearchProbe, SHOPIFY_PLANS, type } from './testing';

const apis = [wizardApi];
const AUTHORIZE = 'https://corner-bakery.myshopify.com/admin/oauth/authorize?client_id=abc&state=xyz';
/** jsdom's page is http://localhost/ and the API is "/api" there: the API's origin is the page's. */
const API_ORIGIN = 'http://localhost';
const good = {
  type: SHOPIFY_OAUTH_MESSAGE,
  success: true,
  store_id: 'sh_oauth',
  platform: 'shopify',
  store_url_from_callback: 'https://corner-bakery.myshopify.com',
};

interface FakePopup {
  closed: boolean;
  close: jest.Mock;
}

/** The owner's stores as another page of the dashboard shows them (the shared list). */
function StoreList() {
  const stores = useListStoresQuery();
  return <output data-testid="stores">{stores.data?.map((s) => s.id).join(',') ?? 'loading'}</output>;
}

function setup(platform: Parameters<typeof renderPage>[1] = {}) {
  const stores = { list: [] as object[] };
  const calls = installFakeApi({
    'stores/shopify/check-store': () => ({ body: { exists: false, store_id: null } }),
    'stores/shopify/connect': () => ({ body: { authorize_url: AUTHORIZE } }),
    'stores/managestores/list-stores': () => ({ body: stores.list }),
  });
  const popup: FakePopup = { closed: false, close: jest.fn(() => void (popup.closed = true)) };
  const open = jest.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
  const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
  renderPage(
    <>
      <CreateStorePage />
      <StoreList />
    </>,
    { apis, plans: SHOPIFY_PLANS, ...platform },
  );
  return { calls, popup, open, assign, stores };
}

async function connect() {
  chooseTile('Shopify');
  type('Store Name', 'Corner Bakery');
  fireEvent.click(button('Next'));
  await screen.findByRole('heading', { name: 'Connect Your Shopify Store' });
  fireEvent.click(button('Connect with Shopify'));
}

function post(data: unknown, origin = API_ORIGIN) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin }));
  });
}

const waiting = () => screen.queryByText('Waiting for Shopify...');

afterEach(() => jest.restoreAllMocks());

test('opens Shopify in a centred 500x700 popup and waits for it, with Cancel', async () => {
  const { calls, open, popup } = setup();
  await connect();
  await screen.findByText('Waiting for Shopify...');
  expect(calls.find((c) => c.path === 'stores/shopify/connect')?.body).toEqual({
    store_name: 'Corner Bakery',
    store_url: 'Corner Bakery',
    client_origin: 'http://localhost',
    email: 'owner@example.com',
  });
  expect(open).toHaveBeenCalledWith(
    AUTHORIZE,
    OAUTH_WINDOW_NAME,
    expect.stringMatching(/^popup,width=500,height=700,left=\d+,top=\d+$/),
  );
  expect(button('Back').disabled).toBe(true);
  fireEvent.click(button('Cancel'));
  expect(popup.close).toHaveBeenCalled();
  expect(waiting()).toBeNull();
  expect(button('Connect with Shopify').disabled).toBe(false);
  expect(screen.queryByRole('alert')).toBeNull();
});

test('focus moves to Cancel while waiting and back to Connect with Shopify after it', async () => {
  setup();
  chooseTile('Shopify');
  type('Store Name', 'Corner Bakery');
  fireEvent.click(button('Next'));
  await screen.findByRole('heading', { name: 'Connect Your Shopify Store' });
  button('Connect with Shopify').focus();
  fireEvent.click(button('Connect with Shopify'));
  await screen.findByText('Waiting for Shopify...');
  expect(document.activeElement).toBe(button('Cancel'));
  fireEvent.click(button('Cancel'));
  expect(document.activeElement).toBe(button('Connect with Shopify'));
});

test('ignores messages from any other origin, and forged shapes from the API origin', async () => {
  const { popup } = setup();
  await connect();
  await screen.findByText('Waiting for Shopify...');
  post(good, 'https://evil.example');
  post(good, 'http://localhost:8080');
  post(good, 'null');
  post({ ...good, store_id: 42 });
  post({ ...good, type: 'other' });
  post({ type: SHOPIFY_OAUTH_MESSAGE, success: true, store_id: 'sh_x' });
  post({ type: SHOPIFY_OAUTH_MESSAGE, success: 'true', error: 'x' });
  post(JSON.stringify(good));
  post(null);
  expect(waiting()).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'Connect Your Shopify Store' })).toBeTruthy();
  expect(screen.queryByRole('alert')).toBeNull();
  expect(popup.close).not.toHaveBeenCalled();
});

test('a good message from the API origin moves to step 4 with the connected store', async () => {
  const { popup } = setup();
  await connect();
  await screen.findByText('Waiting for Shopify...');
  post(good);
  await screen.findByRole('heading', { name: 'Search Bar Created! Install Widget Code' });
  expect(screen.getByTestId('store-id').textContent).toBe('sh_oauth');
  expect(screen.getByText(/We are indexing https:\/\/corner-bakery\.myshopify\.com now/)).toBeTruthy();
  const code = screen.getByTestId('embed-code').textContent ?? '';
  expect(code).toContain('data-platform="shopify"');
  expect(code).toContain('data-type="store"');
  expect(popup.close).toHaveBeenCalled();
});

test("the store Shopify's callback created joins the dashboard's store list without a reload", async () => {
  const { stores } = setup();
  await waitFor(() => expect(screen.getByTestId('stores').textContent).toBe(''));
  await connect();
  await screen.findByText('Waiting for Shopify...');
  // The callback page created the store before it posted its message.
  stores.list = [
    { id: 'sh_oauth', name: 'Corner Bakery', url: good.store_url_from_callback, platform: 'shopify', status: 'queued' },
  ];
  post(good);
  await waitFor(() => expect(screen.getByTestId('stores').textContent).toBe('sh_oauth'));
});

test('a failure message is shown on step 3 and the owner can try again', async () => {
  setup();
  await connect();
  await screen.findByText('Waiting for Shopify...');
  post({ type: SHOPIFY_OAUTH_MESSAGE, success: false, error: 'the shop owner declined access.' });
  expect(screen.getByRole('alert').textContent).toBe(shopifyConnectionFailed('the shop owner declined access.'));
  expect(waiting()).toBeNull();
  expect(button('Connect with Shopify').disabled).toBe(false);
});

test('says so when the popup is closed before a result', async () => {
  const { popup } = setup();
  await connect();
  await screen.findByText('Waiting for Shopify...');
  popup.closed = true;
  await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(shopifyConnectionFailed(POPUP_CLOSED)), {
    timeout: POPUP_POLL_MS * 3,
  });
  expect(waiting()).toBeNull();
  // A late message after the window is gone changes nothing.
  post(good);
  expect(screen.getByRole('heading', { name: 'Connect Your Shopify Store' })).toBeTruthy();
});

test('goes to Shopify in this window when the popup is blocked', async () => {
  const { open, assign } = setup();
  open.mockReturnValue(null);
  await connect();
  await waitFor(() => expect(assign).toHaveBeenCalledWith(AUTHORIZE));
  expect(waiting()).toBeNull();
});

test('a failed connect call is a failed connection', async () => {
  installFakeApi({
    'stores/shopify/check-store': () => ({ body: { exists: false, store_id: null } }),
    'stores/managestores/list-stores': () => ({ body: [] }),
    'stores/shopify/connect': () => ({
      status: 403,
      body: { statusCode: 403, error: 'Forbidden', message: 'Shopify needs the Shopify Starter plan.' },
    }),
  });
  const open = jest.spyOn(window, 'open');
  renderPage(<CreateStorePage />, { apis, plans: SHOPIFY_PLANS });
  await connect();
  expect((await screen.findByRole('alert')).textContent).toBe(
    shopifyConnectionFailed('Shopify needs the Shopify Starter plan.'),
  );
  expect(open).not.toHaveBeenCalled();
});

test('with an API on its own origin, only that origin is listened to', async () => {
  expect(apiOriginOf('/api', 'https://app.sniff.dev/dashboard/create-store')).toBe('https://app.sniff.dev');
  expect(apiOriginOf('https://api.sniff.dev/api', 'https://app.sniff.dev/')).toBe('https://api.sniff.dev');
  setup({ platform: { apiBaseUrl: 'https://api.sniff.test/api' } });
  await connect();
  await screen.findByText('Waiting for Shopify...');
  post(good, 'http://localhost'); // the dashboard's own origin is not the API's
  expect(waiting()).toBeTruthy();
  post(good, 'https://api.sniff.test');
  await screen.findByRole('heading', { name: 'Search Bar Created! Install Widget Code' });
});

describe('back from Shopify by redirect', () => {
  const formData = encodeURIComponent(JSON.stringify({ store_name: 'Corner Bakery', store_url: 'corner-bakery' }));

  test('oauth_success jumps to step 4 with the store, and the parameters leave the URL', async () => {
    installFakeApi({});
    renderPage(
      <>
        <CreateStorePage />
        <SearchProbe />
      </>,
      {
        apis,
        plans: SHOPIFY_PLANS,
        path: `/dashboard/create-store?oauth_success=true&store_id=sh_redirect&platform=shopify&form_data=${formData}`,
      },
    );
    expect(screen.getByRole('heading', { name: 'Search Bar Created! Install Widget Code' })).toBeTruthy();
    expect(screen.getByTestId('store-id').textContent).toBe('sh_redirect');
    expect(screen.getByText(/We are indexing https:\/\/corner-bakery\.myshopify\.com now/)).toBeTruthy();
    expect(screen.getByTestId('embed-code').textContent).toContain('data-platform="shopify"');
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe(''));
    expect(screen.getByTestId('location').textContent).toBe('/dashboard/create-store');
  });

  test('oauth_error opens Shopify’s step 3 with the reason', async () => {
    installFakeApi({});
    renderPage(
      <>
        <CreateStorePage />
        <SearchProbe />
      </>,
      {
        apis,
        plans: SHOPIFY_PLANS,
        path: `/dashboard/create-store?oauth_error=${encodeURIComponent('invalid HMAC')}&form_data=${formData}&tab=x`,
      },
    );
    expect(screen.getByRole('heading', { name: 'Connect Your Shopify Store' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(shopifyConnectionFailed('invalid HMAC'));
    expect(screen.getByText('https://corner-bakery.myshopify.com')).toBeTruthy();
    // Other parameters stay.
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe('?tab=x'));
  });

  test('a success without a store id or for another platform is not taken', () => {
    installFakeApi({});
    renderPage(<CreateStorePage />, {
      apis,
      plans: SHOPIFY_PLANS,
      path: '/dashboard/create-store?oauth_success=true&store_id=sh_1&platform=custom',
    });
    expect(screen.getByRole('heading', { name: 'Select Your Website Platform' })).toBeTruthy();
  });
});
