/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_WIDGET_SETTINGS, ZERO_RESULT_ALERTS_UPGRADE_TEXT, type PlanEntry } from '@sniff/contracts';
import { FREE, installFakeApi, renderPage, type Handler } from '@sniff/shell-sdk/testing';
import { storesApi } from '../../shared/api';
import { StoresPage } from './StoresPage';

const apis = [storesApi];
const at = '2026-11-28T08:00:00.000Z';
/** A Squarespace Solo owner's store: the Analytics page lists custom websites only, the manage panel every store. */
const goods = {
  id: 'sq_1',
  name: 'Demo Goods',
  url: 'https://goods.example.com',
  platform: 'squarespace',
  store_type: 'store',
  status: 'done',
};
const SOLO: PlanEntry[] = [{ plan: 'squarespace_basic_monthly', platform: 'squarespace' }];
const NAME = "E-mail me the week's zero-result searches";

function api(alerts: Record<string, Handler>) {
  return installFakeApi({
    'stores/managestores/list-stores': () => ({ body: [goods] }),
    'stores/stores/sq_1/widget-settings': () => ({ body: { settings: DEFAULT_WIDGET_SETTINGS, version: 0 } }),
    ...alerts,
  });
}

async function openPanel(plans: PlanEntry[]) {
  renderPage(<StoresPage />, { apis, plans });
  fireEvent.click(await screen.findByRole('button', { name: 'Manage Demo Goods' }));
  const panel = await screen.findByRole('region', { name: 'Manage Demo Goods' });
  return within(panel).getByRole('region', { name: 'Weekly zero-result e-mail' });
}

test("a Squarespace owner reads the store's weekly e-mail setting in its manage panel and switches it off and on", async () => {
  let saved = [{ storeId: 'sq_1', enabled: true, updatedAt: at }];
  // Each answer waits until the test has seen the state before it (loading, saving).
  let answer = () => undefined as void;
  const held = () => new Promise<void>((resolve) => (answer = resolve));
  const calls = api({
    'analytics/alerts/zero-results/list': async () => {
      await held();
      return { body: { alerts: saved } };
    },
    'analytics/alerts/zero-results/update': async (body) => {
      await held();
      const row = { storeId: String(body.storeId), enabled: Boolean(body.enabled), updatedAt: at };
      saved = [row];
      return { body: row };
    },
  });
  const region = await openPanel(SOLO);
  expect(await within(region).findByRole('status', { name: 'Loading your e-mail alert setting' })).toBeTruthy();
  await waitFor(() => expect(calls.some((c) => c.path === 'analytics/alerts/zero-results/list')).toBe(true));
  answer();
  const toggle = (await within(region).findByRole('switch', { name: NAME })) as HTMLInputElement;
  expect(toggle.checked).toBe(true);
  expect(toggle.disabled).toBe(false);
  const text = document.getElementById(toggle.getAttribute('aria-describedby')!)!.textContent!;
  for (const part of ['Every Monday', 'found nothing', 'Unsubscribe']) expect(text).toContain(part);

  fireEvent.click(toggle);
  expect(await within(region).findByText('Saving...')).toBeTruthy();
  expect(toggle.disabled).toBe(true);
  expect(toggle.checked).toBe(false); // what was asked, while it is saved
  await waitFor(() => expect(calls.some((c) => c.path === 'analytics/alerts/zero-results/update')).toBe(true));
  answer();
  expect(await within(region).findByText('Saved: weekly e-mails are off.')).toBeTruthy();
  // The list is read again after the change.
  await waitFor(() => expect(calls.filter((c) => c.path === 'analytics/alerts/zero-results/list')).toHaveLength(2));
  answer();
  await waitFor(() => expect(toggle.disabled).toBe(false));
  expect(toggle.checked).toBe(false);
  expect(calls.find((c) => c.path === 'analytics/alerts/zero-results/update')?.body).toEqual({
    storeId: 'sq_1',
    enabled: false,
    email: 'owner@example.com',
  });

  fireEvent.click(toggle);
  await waitFor(() => expect(calls.filter((c) => c.path === 'analytics/alerts/zero-results/update')).toHaveLength(2));
  answer();
  expect(await within(region).findByText('Saved: weekly e-mails are on.')).toBeTruthy();
  await waitFor(() => expect(calls.filter((c) => c.path === 'analytics/alerts/zero-results/list')).toHaveLength(3));
  answer();
  await waitFor(() => expect(toggle.checked).toBe(true));
  await waitFor(() => expect(toggle.disabled).toBe(false));
});

test("the service's refusal is shown and the switch stays off; a failed load offers Try again", async () => {
  let failList = true;
  api({
    'analytics/alerts/zero-results/list': () =>
      failList
        ? { status: 503, body: { statusCode: 503, error: 'x', message: 'The analytics service is unavailable' } }
        : { body: { alerts: [] } },
    'analytics/alerts/zero-results/update': () => ({
      status: 403,
      body: { statusCode: 403, error: 'Forbidden', message: ZERO_RESULT_ALERTS_UPGRADE_TEXT },
    }),
  });
  const region = await openPanel(SOLO);
  const failed = await within(region).findByRole('alert');
  expect(failed.textContent).toContain('The analytics service is unavailable');
  expect(within(region).queryByRole('switch')).toBeNull();
  failList = false;
  fireEvent.click(within(failed).getByRole('button', { name: 'Try again' }));

  const toggle = (await within(region).findByRole('switch', { name: NAME })) as HTMLInputElement;
  expect(toggle.checked).toBe(false);
  fireEvent.click(toggle);
  expect((await within(region).findByRole('alert')).textContent).toBe(`Not saved: ${ZERO_RESULT_ALERTS_UPGRADE_TEXT}`);
  await waitFor(() => expect(toggle.disabled).toBe(false));
  expect(toggle.checked).toBe(false);
});

test('a free owner sees it off and disabled with the upgrade prompt, and nothing is asked of the service', async () => {
  const calls = api({});
  const region = await openPanel(FREE);
  const toggle = within(region).getByRole('switch', { name: NAME }) as HTMLInputElement;
  expect(toggle.checked).toBe(false);
  expect(toggle.disabled).toBe(true);
  expect(document.getElementById(toggle.getAttribute('aria-describedby')!)!.textContent).toContain(
    ZERO_RESULT_ALERTS_UPGRADE_TEXT,
  );
  expect(within(region).getByRole('link', { name: 'Upgrade Now' }).getAttribute('href')).toBe('/dashboard/subscribe');
  fireEvent.click(toggle);
  expect(calls.filter((c) => c.path.startsWith('analytics/'))).toEqual([]);
});
