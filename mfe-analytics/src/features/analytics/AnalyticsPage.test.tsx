/** @jest-environment jsdom */
import { fireEvent, screen, within } from '@testing-library/react';
import { FREE, installFakeApi, PAID, renderPage } from '@sniff/shell-sdk/testing';
import { analyticsApi } from '../../shared/api';
import { AnalyticsPage, UPGRADE_TEXT } from './AnalyticsPage';

const apis = [analyticsApi];
const stores = [
  {
    id: 's1',
    name: 'Bakery',
    url: 'https://bakery.example.com',
    platform: 'custom',
    store_type: 'business',
    status: 'done',
  },
  { id: 's2', name: 'Shop', url: 'https://shop.example.com', platform: 'shopify', store_type: 'store', status: 'done' },
];

test('plans loading shows a spinner; free users get the upgrade prompt', () => {
  installFakeApi({});
  const { unmount } = renderPage(<AnalyticsPage />, { apis, plans: null });
  expect(screen.getByRole('status')).toBeTruthy();
  expect(screen.getByText('Loading...')).toBeTruthy();
  expect(screen.queryByText(UPGRADE_TEXT)).toBeNull();
  unmount();
  renderPage(<AnalyticsPage />, { apis, plans: FREE });
  expect(screen.getByText(UPGRADE_TEXT)).toBeTruthy();
  expect(screen.getByText('Top 10 most searched terms')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Upgrade Now' }));
  expect(screen.getByTestId('location').textContent).toBe('/dashboard/subscribe');
});

test('paid users choose a custom URL and see four panels, empty states included', async () => {
  const calls = installFakeApi({
    'stores/managestores/list-stores': () => ({ body: stores }),
    'analytics/fetch/timeseries': () => ({ body: { rows: [] } }),
    'analytics/fetch/zeroes': () => ({ body: { rows: [] } }),
    'analytics/fetch/top10': () => ({ body: { rows: [] } }),
    'analytics/fetch/top10-zeroes': () => ({ body: { rows: [] } }),
  });
  renderPage(<AnalyticsPage />, { apis, plans: PAID });
  const select = await screen.findByLabelText('Select Custom URL (1)');
  // only the custom-platform store is offered
  expect(
    within(select)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Choose a website…', 'https://bakery.example.com']);
  fireEvent.change(select, { target: { value: 'https://bakery.example.com' } });
  const timeline = await screen.findByRole('region', { name: 'Search Terms Timeline (All Data)' });
  expect(await within(timeline).findByText('No search data available')).toBeTruthy();
  expect(
    await within(screen.getByRole('region', { name: 'Zero-Result Queries' })).findByText('No zero-result queries'),
  ).toBeTruthy();
  expect(
    await within(screen.getByRole('region', { name: 'Top 10 Searches' })).findByText('No searches yet'),
  ).toBeTruthy();
  expect(
    await within(screen.getByRole('region', { name: 'Top 10 Zero-Results' })).findByText('No zero-result queries'),
  ).toBeTruthy();
  expect(calls.find((c) => c.path === 'analytics/fetch/zeroes')?.body).toEqual({
    url: 'https://bakery.example.com',
    days: 30,
    email: 'owner@example.com',
  });
});

test('panels show rows, and an error with Try again', async () => {
  let fail = true;
  installFakeApi({
    'stores/managestores/list-stores': () => ({ body: stores }),
    'analytics/fetch/timeseries': () => ({
      body: { rows: [{ query: 'pricng', timestamp: '2026-11-20T10:00:00.000Z' }] },
    }),
    'analytics/fetch/zeroes': () => ({ body: { rows: [{ query: 'zzqxv', count: 3 }] } }),
    'analytics/fetch/top10': () =>
      fail
        ? { status: 500, body: { statusCode: 500, error: 'x', message: 'Analytics is down' } }
        : { body: { rows: [{ query: 'bread', count: 9 }] } },
    'analytics/fetch/top10-zeroes': () => ({ body: { rows: [] } }),
  });
  renderPage(<AnalyticsPage />, { apis, plans: PAID });
  fireEvent.change(await screen.findByLabelText('Select Custom URL (1)'), {
    target: { value: 'https://bakery.example.com' },
  });
  expect(await within(screen.getByRole('region', { name: /Search Terms Timeline/ })).findByText('pricng')).toBeTruthy();
  expect(await within(screen.getByRole('region', { name: 'Zero-Result Queries' })).findByText('zzqxv')).toBeTruthy();
  const top = screen.getByRole('region', { name: 'Top 10 Searches' });
  expect(await within(top).findByText('Failed to fetch Top 10 Searches data (500): Analytics is down')).toBeTruthy();
  fail = false;
  fireEvent.click(within(top).getByRole('button', { name: 'Try again' }));
  expect(await within(top).findByText('bread')).toBeTruthy();
});

test('a failed URL list says so with the server message, and Refresh URLs loads them again', async () => {
  let fail = true;
  installFakeApi({
    'stores/managestores/list-stores': () =>
      fail
        ? { status: 503, body: { statusCode: 503, error: 'x', message: 'Stores service is unavailable' } }
        : { body: stores },
  });
  renderPage(<AnalyticsPage />, { apis, plans: PAID });
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('Failed to fetch URLs (503)');
  expect(alert.textContent).toContain('Stores service is unavailable');
  fail = false;
  fireEvent.click(screen.getByRole('button', { name: 'Refresh URLs' }));
  expect(await screen.findByLabelText('Select Custom URL (1)')).toBeTruthy();
  expect(screen.queryByRole('alert')).toBeNull();
});

test('rows of every panel: timeline with its time, ranked top searches', async () => {
  installFakeApi({
    'stores/managestores/list-stores': () => ({ body: stores }),
    'analytics/fetch/timeseries': () => ({
      body: { rows: [{ query: 'sourdough', timestamp: '2026-11-20T10:00:00.000Z' }] },
    }),
    'analytics/fetch/zeroes': () => ({ body: { rows: [{ query: 'gluten free croissant', count: 4 }] } }),
    'analytics/fetch/top10': () => ({
      body: {
        rows: [
          { query: 'bread', count: 9 },
          { query: 'cake', count: 5 },
        ],
      },
    }),
    'analytics/fetch/top10-zeroes': () => ({ body: { rows: [{ query: 'vegan eclair', count: 2 }] } }),
  });
  renderPage(<AnalyticsPage />, { apis, plans: PAID });
  fireEvent.change(await screen.findByLabelText('Select Custom URL (1)'), {
    target: { value: 'https://bakery.example.com' },
  });
  const timeline = screen.getByRole('region', { name: 'Search Terms Timeline (All Data)' });
  expect(await within(timeline).findByText('sourdough')).toBeTruthy();
  expect(timeline.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-20T10:00:00.000Z');
  expect(within(timeline).getByRole('button', { name: 'Refresh' })).toBeTruthy();
  const top = screen.getByRole('region', { name: 'Top 10 Searches' });
  await within(top).findByText('bread');
  const items = within(top)
    .getAllByRole('listitem')
    .map((li) => li.textContent);
  expect(items).toEqual(['1. bread 9', '2. cake 5']);
  expect(top.querySelector('ol')).toBeTruthy();
  expect(
    await within(screen.getByRole('region', { name: 'Zero-Result Queries' })).findByText('gluten free croissant'),
  ).toBeTruthy();
  expect(
    await within(screen.getByRole('region', { name: 'Top 10 Zero-Results' })).findByText('vegan eclair'),
  ).toBeTruthy();
});

test('the range applies to every panel; trends, click-through and the coming-soon list show', async () => {
  const today = new Date().toISOString().slice(0, 10);
  const calls = installFakeApi({
    'stores/managestores/list-stores': () => ({ body: stores }),
    'analytics/fetch/timeseries': () => ({ body: { rows: [] } }),
    'analytics/fetch/zeroes': () => ({ body: { rows: [] } }),
    'analytics/fetch/top10': () => ({ body: { rows: [] } }),
    'analytics/fetch/top10-zeroes': () => ({ body: { rows: [] } }),
    'analytics/fetch/daily': () => ({
      body: {
        rows: [
          { day: '2026-11-01', searches: 0, zeroResults: 0 },
          { day: today, searches: 8, zeroResults: 2 },
        ],
      },
    }),
    'analytics/fetch/clicks': () => ({
      body: { searches: 8, clicks: 2, rows: [{ url: 'https://bakery.example.com/menu', count: 2 }] },
    }),
  });
  renderPage(<AnalyticsPage />, { apis, plans: PAID });
  const coming = within(screen.getByRole('region', { name: 'Coming soon' }));
  expect(coming.getByText('Advanced analytics')).toBeTruthy();
  // Shipped: no longer announced.
  for (const shipped of ['Zero-result e-mail alerts', 'Semantic search', 'Custom Q&A', 'Manual sync'])
    expect(coming.queryByText(shipped)).toBeNull();
  fireEvent.change(await screen.findByLabelText('Select Custom URL (1)'), {
    target: { value: 'https://bakery.example.com' },
  });
  const trends = screen.getByRole('region', { name: 'Search Trends' });
  expect(await within(trends).findByText('8 searches in the last 30 days; 25% found nothing.')).toBeTruthy();
  const table = within(trends).getByRole('table');
  expect(within(table).getByRole('rowheader', { name: today }).closest('tr')!.textContent).toBe(`${today}8225%`);
  const ctr = screen.getByRole('region', { name: 'Click-through' });
  expect((await within(ctr).findByText('25%')).closest('p')!.textContent).toBe(
    '25% of 8 searches led to a click (2 clicks).',
  );
  expect(within(ctr).getByRole('listitem').textContent).toBe('1. https://bakery.example.com/menu 2');

  const asked = () => calls.filter((c) => c.path === 'analytics/fetch/daily').map((c) => c.body.days);
  expect(asked()).toEqual([30]);
  fireEvent.click(screen.getByRole('radio', { name: 'Last 90 days' }));
  expect(await within(trends).findByText('8 searches in the last 90 days; 25% found nothing.')).toBeTruthy();
  expect(asked()).toContain(90);
  expect(calls.filter((c) => c.path === 'analytics/fetch/top10').map((c) => c.body.days)).toContain(90);
});

test('a paid owner without custom websites is told why their stores are not listed, in terms of those stores', async () => {
  const squarespace = { ...stores[0], id: 's3', name: 'Gallery', platform: 'squarespace', store_type: 'ecommerce' };
  let list: unknown[] = [squarespace];
  installFakeApi({ 'stores/managestores/list-stores': () => ({ body: list }) });
  const { unmount } = renderPage(<AnalyticsPage />, { apis, plans: PAID });
  expect(
    await screen.findByText(
      'Analytics covers custom websites. Your Squarespace store is not listed here; add a custom website to see its analytics.',
    ),
  ).toBeTruthy();
  expect(screen.queryByText(/No custom websites yet/)).toBeNull();
  unmount();
  list = [];
  renderPage(<AnalyticsPage />, { apis, plans: PAID });
  expect(
    await screen.findByText('No stores yet: create a search widget for a custom website to see its analytics.'),
  ).toBeTruthy();
});
