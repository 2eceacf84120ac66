/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { installFakeApi, renderPage } from '@sniff/shell-sdk/testing';
import { storesApi } from '../../shared/api';
import { CONFIRM_DELETE, StoresPage } from './StoresPage';

const apis = [storesApi];
const bakery = {
  id: 'st_1',
  name: 'Demo Bakery',
  url: 'https://bakery.example.com',
  platform: 'custom',
  store_type: 'business',
  status: 'done',
};
const broken = {
  id: 'st_2',
  name: '',
  url: 'https://broken.example.com',
  platform: 'custom',
  store_type: 'business',
  status: 'failed',
  status_reason: 'The site answered 500',
};

afterEach(() => jest.restoreAllMocks());

test('empty list invites to create the first store', async () => {
  installFakeApi({ 'stores/managestores/list-stores': () => ({ body: [] }) });
  renderPage(<StoresPage />, { apis });
  expect(screen.getByText('Loading stores...')).toBeTruthy();
  expect(await screen.findByText('No stores yet')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Create Your First Store' }).getAttribute('href')).toBe(
    '/dashboard/create-store',
  );
});

test('an error shows its message and Try Again reloads', async () => {
  let fail = true;
  installFakeApi({
    'stores/managestores/list-stores': () =>
      fail
        ? { status: 503, body: { statusCode: 503, error: 'Unavailable', message: 'Stores service is unavailable' } }
        : { body: [bakery] },
  });
  renderPage(<StoresPage />, { apis });
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('Error Loading Stores');
  expect(alert.textContent).toContain('Failed to fetch stores: Stores service is unavailable');
  fail = false;
  fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
  expect(await screen.findByText('Demo Bakery')).toBeTruthy();
});

test('rows show name, status, url, platform, type and id; failed ones their reason', async () => {
  installFakeApi({ 'stores/managestores/list-stores': () => ({ body: [bakery, broken] }) });
  renderPage(<StoresPage />, { apis });
  const table = await screen.findByRole('table');
  const [header, ...rows] = within(table).getAllByRole('row');
  expect(
    within(header!)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(['Name', 'Status', 'URL', 'Platform', 'Type', 'ID', 'Actions']);
  expect(rows).toHaveLength(2);
  const row = screen.getByTestId('store-st_1');
  for (const text of ['Demo Bakery', 'done', 'https://bakery.example.com', 'custom', 'business', 'st_1'])
    expect(row.textContent).toContain(text);
  const other = screen.getByTestId('store-st_2');
  expect(other.textContent).toContain('Unnamed Store');
  expect(other.textContent).toContain('The site answered 500');
});

test('Manage opens a panel with the info block and embed code; Save Changes closes it', async () => {
  installFakeApi({ 'stores/managestores/list-stores': () => ({ body: [bakery] }) });
  renderPage(<StoresPage />, { apis });
  fireEvent.click(await screen.findByRole('button', { name: 'Manage Demo Bakery' }));
  const panel = screen.getByRole('region', { name: 'Manage Demo Bakery' });
  expect(panel.textContent).toContain('https://bakery.example.com');
  const code = within(panel).getByText(/data-store-id="st_1"/);
  expect(code.textContent).toContain('https://widget.test/widget/saas-embed.js');
  for (const name of ['Copy Code', 'Delete Store', 'Cancel']) expect(within(panel).getByRole('button', { name }));
  fireEvent.click(within(panel).getByRole('button', { name: 'Save Changes' }));
  expect(screen.queryByRole('region', { name: 'Manage Demo Bakery' })).toBeNull();
});

test('keeps polling while a store is queued or running, and stops when it is done', async () => {
  let status = 'running';
  const calls = installFakeApi({ 'stores/managestores/list-stores': () => ({ body: [{ ...bakery, status }] }) });
  renderPage(<StoresPage />, { apis });
  const row = await screen.findByTestId('store-st_1');
  expect(row.textContent).toContain('running');
  status = 'done';
  await waitFor(() => expect(screen.getByTestId('store-st_1').textContent).toContain('done'), { timeout: 5000 });
  const listed = calls.length;
  await new Promise((r) => setTimeout(r, 3500));
  expect(calls.length).toBe(listed);
}, 15000);

test('delete asks first, calls delete-store and removes the row', async () => {
  let stored = [bakery];
  const calls = installFakeApi({
    'stores/managestores/list-stores': () => ({ body: stored }),
    'stores/managestores/delete-store': () => {
      stored = [];
      return { body: { deleted: true, store_id: 'st_1' } };
    },
  });
  const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
  const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  renderPage(<StoresPage />, { apis });
  const del = await screen.findByRole('button', { name: 'Delete Demo Bakery' });
  fireEvent.click(del);
  expect(confirm).toHaveBeenCalledWith(CONFIRM_DELETE);
  expect(calls.some((c) => c.path === 'stores/managestores/delete-store')).toBe(false);
  fireEvent.click(del);
  await waitFor(() => expect(alert).toHaveBeenCalledWith('Store deleted successfully!'));
  expect(calls.find((c) => c.path === 'stores/managestores/delete-store')?.body).toMatchObject({
    store_id: 'st_1',
    platform: 'custom',
  });
  await waitFor(() => expect(screen.queryByTestId('store-st_1')).toBeNull());
  // the list is fetched again after the delete (tags invalidated)
  await waitFor(() => expect(calls.filter((c) => c.path === 'stores/managestores/list-stores')).toHaveLength(2));
});

test('a failed delete keeps the row and says so', async () => {
  installFakeApi({
    'stores/managestores/list-stores': () => ({ body: [bakery] }),
    'stores/managestores/delete-store': () => ({ status: 500, body: { statusCode: 500, error: 'x', message: 'x' } }),
  });
  jest.spyOn(window, 'confirm').mockReturnValue(true);
  renderPage(<StoresPage />, { apis });
  fireEvent.click(await screen.findByRole('button', { name: 'Delete Demo Bakery' }));
  expect((await screen.findByRole('alert')).textContent).toBe('Failed to delete store. Please try again.');
  expect(screen.getByTestId('store-st_1')).toBeTruthy();
});

describe('widgets beyond the plan after a downgrade', () => {
  const third = { ...bakery, id: 'st_3', name: 'Third' };
  const notice = () => screen.queryByText(/^Your plan allows/);

  test('the page lists every widget and says they keep working but no new one can be made', async () => {
    installFakeApi({ 'stores/managestores/list-stores': () => ({ body: [bakery, broken, third] }) });
    // Back on the free plan with the three widgets a paid plan allowed.
    renderPage(<StoresPage />, { apis, plans: [] });
    expect(await screen.findAllByRole('row')).toHaveLength(4);
    const status = screen.getAllByRole('status').find((s) => s.textContent?.startsWith('Your plan allows'));
    expect(status?.textContent).toBe(
      'Your plan allows 1 search widget; you have 3. Existing widgets keep working; delete some or upgrade to create new ones.',
    );
    expect(within(status!).getByRole('link', { name: 'upgrade' }).getAttribute('href')).toBe('/dashboard/subscribe');
  });

  test('says nothing while the owner is within the allowance', async () => {
    installFakeApi({ 'stores/managestores/list-stores': () => ({ body: [bakery, broken] }) });
    renderPage(<StoresPage />, { apis, plans: [{ plan: 'starter', platform: 'shopify' }] });
    expect(await screen.findByText('Demo Bakery')).toBeTruthy();
    expect(notice()).toBeNull();
  });

  test('counts every paid subscription in the allowance', async () => {
    installFakeApi({ 'stores/managestores/list-stores': () => ({ body: [bakery, broken, third] }) });
    renderPage(<StoresPage />, { apis, plans: [{ plan: 'starter', platform: 'shopify' }] });
    expect(await screen.findByText('Demo Bakery')).toBeTruthy();
    expect(notice()?.textContent).toContain('Your plan allows 2 search widgets; you have 3.');
  });
});
