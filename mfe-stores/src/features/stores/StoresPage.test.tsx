/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_WIDGET_SETTINGS } from '@sniff/contracts';
import { installFakeApi, renderPage } from '@sniff/shell-sdk/testing';
import { storesApi } from '../../shared/api';
import { CONFIRM_DELETE, StoresPage } from './StoresPage';

const apis = [storesApi];
const bakery = {
  id: 'st_1',
  name: 'Demo Bakery',
  nickname: 'High Street shop',
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
  // One word on this page (the spec's "Your Stores"): no "widget" beside "store" in the empty state.
  expect(document.body.textContent).not.toMatch(/widget/i);
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
  // The nickname the owner gave in the wizard shows beside the name.
  expect(within(row).getByRole('rowheader').textContent).toBe('Demo Bakery (High Street shop)');
  const other = screen.getByTestId('store-st_2');
  expect(other.textContent).toContain('Unnamed Store');
  expect(other.textContent).toContain('The site answered 500');
});

test('Manage opens a panel with the info block and embed code; Save Changes closes it', async () => {
  installFakeApi({
    'stores/managestores/list-stores': () => ({ body: [bakery] }),
    'stores/stores/st_1/widget-settings': () => ({ body: { settings: DEFAULT_WIDGET_SETTINGS, version: 0 } }),
  });
  renderPage(<StoresPage />, { apis });
  fireEvent.click(await screen.findByRole('button', { name: 'Manage Demo Bakery' }));
  const panel = await screen.findByRole('region', { name: 'Manage Demo Bakery' });
  expect(panel.textContent).toContain('https://bakery.example.com');
  expect(panel.textContent).toContain('NicknameHigh Street shop');
  const code = await within(panel).findByText(/data-store-id="st_1"/);
  expect(code.textContent).toContain('https://widget.test/widget/saas-embed.js');
  for (const name of ['Copy Code', 'Delete Store', 'Cancel']) expect(within(panel).getByRole('button', { name }));
  fireEvent.click(within(panel).getByRole('button', { name: 'Save Changes' }));
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Manage Demo Bakery' })).toBeNull());
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
  renderPage(<StoresPage />, { apis });
  const del = await screen.findByRole('button', { name: 'Delete Demo Bakery' });
  fireEvent.click(del);
  const ask = screen.getByRole('alertdialog', { name: 'Delete Demo Bakery?' });
  expect(ask.textContent).toContain(CONFIRM_DELETE);
  fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('alertdialog')).toBeNull();
  expect(calls.some((c) => c.path === 'stores/managestores/delete-store')).toBe(false);
  fireEvent.click(del);
  fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete Store' }));
  expect(await screen.findByText('Store deleted successfully!')).toBeTruthy();
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
  renderPage(<StoresPage />, { apis });
  fireEvent.click(await screen.findByRole('button', { name: 'Delete Demo Bakery' }));
  fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete Store' }));
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
      'Your plan allows 1 store; you have 3. Existing stores keep working; delete some or upgrade to create new ones.',
    );
    expect(within(status!).getByRole('link', { name: 'upgrade' }).getAttribute('href')).toBe('/dashboard/subscribe');
  });

  test('says nothing while the owner is within the allowance', async () => {
    installFakeApi({ 'stores/managestores/list-stores': () => ({ body: [bakery, broken] }) });
    renderPage(<StoresPage />, { apis, plans: [{ plan: 'starter', platform: 'shopify' }] });
    expect(await screen.findByText('Demo Bakery')).toBeTruthy();
    expect(notice()).toBeNull();
  });

  test('counts the free widget and every paid subscription in the allowance', async () => {
    const fourth = { ...bakery, id: 'st_4', name: 'Fourth' };
    installFakeApi({ 'stores/managestores/list-stores': () => ({ body: [bakery, broken, third, fourth] }) });
    // Shopify Starter: two widgets, beside the one every account has
    renderPage(<StoresPage />, { apis, plans: [{ plan: 'starter', platform: 'shopify' }] });
    expect(await screen.findByText('Demo Bakery')).toBeTruthy();
    expect(notice()?.textContent).toContain('Your plan allows 3 stores; you have 4.');
  });
});

describe('sync progress, warnings and Sync now', () => {
  const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
  const shop = {
    id: 'sh_1',
    name: 'Corner Bakery',
    url: 'https://corner-bakery.myshopify.com',
    platform: 'shopify',
    store_type: 'store',
    status: 'done',
    source: 'shopify-oauth',
    pages: 320,
    skipped_count: 0,
    skipped: [],
    last_synced_at: minutesFromNow(-5),
    next_sync_at: minutesFromNow(24 * 60 - 5),
    sync_available_at: null,
  };
  const row = (id: string) => screen.getByTestId(`store-${id}`);
  const openPanel = async (name: string) => {
    fireEvent.click(await screen.findByRole('button', { name: `Manage ${name}` }));
    return screen.findByRole('region', { name: `Manage ${name}` });
  };

  test('rows count what the index holds by source, and a running sync shows its progress', async () => {
    installFakeApi({
      'stores/managestores/list-stores': () => ({
        body: [
          { ...bakery, source: 'crawl', pages: 12 },
          shop,
          { ...shop, id: 'sq_1', name: 'Blog', platform: 'squarespace', source: 'squarespace', pages: 1 },
          { ...shop, id: 'sh_2', name: 'Syncing', status: 'running', progress: { done: 120, total: 480 } },
          { ...shop, id: 'sh_3', name: 'Counting', status: 'running', progress: { done: 1200, total: null } },
          { ...shop, id: 'sh_4', name: 'Waiting', status: 'queued', progress: null },
          {
            ...shop,
            id: 'sh_5',
            name: 'Retrying',
            status: 'queued',
            progress: null,
            status_reason: 'Retrying: Shopify answered HTTP 503. Retrying later.',
          },
        ],
      }),
    });
    renderPage(<StoresPage />, { apis });
    await screen.findByRole('table');
    expect(row('st_1').textContent).toContain('12 pages');
    expect(row('sh_1').textContent).toContain('320 products');
    expect(row('sq_1').textContent).toContain('1 item');
    expect(row('sh_2').textContent).toContain('Syncing: 120 of 480');
    expect(row('sh_2').textContent).not.toContain('320 products');
    const bar = within(row('sh_2')).getByRole('progressbar', { name: 'Sync progress of Syncing' });
    expect(bar.getAttribute('value')).toBe('120');
    expect(bar.getAttribute('max')).toBe('480');
    expect(row('sh_3').textContent).toContain('Syncing: 1,200 so far');
    // An unknown total: the bar is indeterminate.
    expect(within(row('sh_3')).getByRole('progressbar').hasAttribute('value')).toBe(false);
    expect(row('sh_4').textContent).toContain('Waiting to start');
    expect(within(row('sh_4')).queryByRole('progressbar')).toBeNull();
    expect(row('sh_5').textContent).toContain('Waiting to retry: Shopify answered HTTP 503. Retrying later.');
  });

  test('a sync that skipped items is done with warnings, and the panel lists what and why', async () => {
    const skipped = Array.from({ length: 50 }, (_, i) => ({
      item: `https://corner-bakery.myshopify.com/products/p${i}`,
      reason: i === 0 ? 'It has no title.' : 'Its image URL is not http(s).',
    }));
    installFakeApi({
      'stores/managestores/list-stores': () => ({ body: [{ ...shop, skipped, skipped_count: 73 }] }),
    });
    renderPage(<StoresPage />, { apis });
    const badge = await within(await screen.findByTestId('store-sh_1')).findByText('Done with warnings');
    expect(badge.closest('.sniff-ui-badge')?.className).toContain('sniff-ui-badge--warning');
    expect(row('sh_1').textContent).toContain('73 items skipped');
    expect(row('sh_1').textContent).not.toMatch(/\bdone\b/);

    const panel = await openPanel('Corner Bakery');
    const details = panel.querySelector('details')!;
    const summary = details.querySelector('summary')!;
    expect(summary.textContent).toBe('Skipped items (73)');
    const list = within(details).getByRole('list', { name: 'Skipped items and reasons' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(50);
    expect(items[0]!.textContent).toBe('https://corner-bakery.myshopify.com/products/p0: It has no title.');
    expect(details.textContent).toContain('the first 50 of 73 are listed');
  });

  test('a failed sync says why, and that search still answers from the last good one', async () => {
    installFakeApi({
      'stores/managestores/list-stores': () => ({
        body: [
          {
            ...shop,
            status: 'failed',
            status_reason: 'Shopify refused the access token (401).',
            last_synced_at: '2026-03-03T10:05:00.000Z',
          },
          { ...broken, last_synced_at: null },
        ],
      }),
    });
    renderPage(<StoresPage />, { apis });
    const failed = await screen.findByTestId('store-sh_1');
    expect(failed.textContent).toContain('Shopify refused the access token (401).');
    expect(failed.textContent).toMatch(/Search keeps answering from the last successful sync \(.+2026.*\)\./);
    expect(failed.querySelector('time')?.getAttribute('datetime')).toBe('2026-03-03T10:05:00.000Z');
    expect(row('st_2').textContent).not.toContain('Search keeps answering');
  });

  test('the Sync section shows last and next sync and items indexed; Sync now queues a sync and polling starts', async () => {
    let stored: Record<string, unknown> = { ...shop };
    const calls = installFakeApi({
      'stores/managestores/list-stores': () => ({ body: [stored] }),
      'stores/managestores/sync-store': () => {
        stored = { ...stored, status: 'queued', sync_available_at: minutesFromNow(10) };
        return { body: { store_id: 'sh_1', status: 'queued', sync_available_at: stored.sync_available_at } };
      },
    });
    renderPage(<StoresPage />, { apis });
    const panel = await openPanel('Corner Bakery');
    const sync = within(panel).getByRole('region', { name: 'Sync' });
    const text = sync.textContent ?? '';
    expect(text).toContain('Last sync5 minutes ago');
    expect(text).toMatch(/Next syncin (23|24) hours/);
    expect(text).toContain('Items indexed320 products');
    const last = sync.querySelector('time')!;
    expect(last.getAttribute('datetime')).toBe(shop.last_synced_at);
    expect(last.getAttribute('title')).toMatch(/\d{4}/);

    fireEvent.click(within(sync).getByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(within(sync).getByRole('button', { name: 'Syncing...' })).toBeTruthy());
    expect((within(sync).getByRole('button', { name: 'Syncing...' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls.find((c) => c.path === 'stores/managestores/sync-store')?.body).toEqual({
      store_id: 'sh_1',
      email: 'owner@example.com',
    });
    // The list is fetched again and its row shows the queued sync (and the page polls from now on).
    await waitFor(() => expect(row('sh_1').textContent).toContain('Waiting to start'));
    expect(row('sh_1').textContent).toContain('queued');
    expect(calls.filter((c) => c.path === 'stores/managestores/list-stores').length).toBeGreaterThanOrEqual(2);
    expect((within(sync).getByRole('button', { name: 'Syncing...' }) as HTMLButtonElement).disabled).toBe(true);
    // Polling picks up the running sync's progress.
    stored = { ...stored, status: 'running', progress: { done: 5, total: 10 } };
    await waitFor(() => expect(row('sh_1').textContent).toContain('Syncing: 5 of 10'), { timeout: 5000 });
  }, 15000);

  test('Sync now is disabled while a sync runs and until it is available again; a 429 says why', async () => {
    let stored: Record<string, unknown> = { ...shop, status: 'running', progress: { done: 3, total: 10 } };
    installFakeApi({
      'stores/managestores/list-stores': () => ({ body: [stored] }),
      'stores/managestores/sync-store': () => ({
        status: 429,
        body: {
          statusCode: 429,
          error: 'Too Many Requests',
          message: 'Sync now was used a moment ago. Try again in 2 minutes.',
        },
      }),
    });
    const { unmount } = renderPage(<StoresPage />, { apis });
    let panel = await openPanel('Corner Bakery');
    let sync = within(panel).getByRole('region', { name: 'Sync' });
    expect((within(sync).getByRole('button', { name: 'Syncing...' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(sync).getByRole('progressbar', { name: 'Sync progress' }).getAttribute('value')).toBe('3');
    unmount();

    stored = { ...shop, sync_available_at: new Date(Date.now() + 42_000).toISOString() };
    const second = renderPage(<StoresPage />, { apis });
    panel = await openPanel('Corner Bakery');
    sync = within(panel).getByRole('region', { name: 'Sync' });
    const button = within(sync).getByRole('button', { name: 'Sync now' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(sync.textContent).toMatch(/Available again in (41|42) s/);
    second.unmount();

    // The list said it was time again, the server disagrees: its message is shown.
    stored = { ...shop, sync_available_at: null };
    renderPage(<StoresPage />, { apis });
    panel = await openPanel('Corner Bakery');
    sync = within(panel).getByRole('region', { name: 'Sync' });
    fireEvent.click(within(sync).getByRole('button', { name: 'Sync now' }));
    expect((await within(sync).findByRole('alert')).textContent).toBe(
      'Sync now was used a moment ago. Try again in 2 minutes.',
    );
  });

  test('a catalogue store says how its products change instead of a next sync', async () => {
    installFakeApi({
      'stores/managestores/list-stores': () => ({
        body: [
          {
            ...shop,
            source: 'shopify-csv',
            next_sync_at: null,
            last_synced_at: '2026-03-03T10:05:00.000Z',
            catalogue_uploaded_at: '2026-03-01T09:00:00.000Z',
          },
        ],
      }),
    });
    renderPage(<StoresPage />, { apis });
    const panel = await openPanel('Corner Bakery');
    const sync = within(panel).getByRole('region', { name: 'Sync' });
    expect(sync.textContent).not.toContain('Next sync');
    expect(sync.textContent).toMatch(/Catalogue uploaded .*2026.*; upload a new catalogue to change products/);
  });
});
