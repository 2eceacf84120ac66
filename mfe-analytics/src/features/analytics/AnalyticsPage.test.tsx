/** @jest-environment jsdom */
import { fireEvent, screen, within } from '@testing-library/react';
import { FREE, installFakeApi, PAID, renderPage } from '../../test/harness';
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
  fireEvent.change(select, { target: { value: 'https://bakery.example.com' } });
  const timeline = await screen.findByRole('region', { name: 'Search Terms Timeline (All Data)' });
  expect(await within(timeline).findByText('No search data available')).toBeTruthy();
  expect(
    await within(screen.getByRole('region', { name: 'Zero-Result Queries' })).findByText('No zero-result queries'),
  ).toBeTruthy();
  expect(
    await within(screen.getByRole('region', { name: 'Top 10 Searches' })).findByText('No search data available'),
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
  expect(await within(top).findByText('Analytics is down')).toBeTruthy();
  fail = false;
  fireEvent.click(within(top).getByRole('button', { name: 'Try again' }));
  expect(await within(top).findByText('bread')).toBeTruthy();
});
