/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ZERO_RESULT_ALERTS_UPGRADE_TEXT } from '@sniff/contracts';
import { FREE, installFakeApi, PAID, renderPage } from '@sniff/shell-sdk/testing';
import { analyticsApi } from '../../shared/api';
import { AnalyticsPage } from './AnalyticsPage';

const apis = [analyticsApi];
const store = (id: string, name: string, url = 'https://bakery.example.com') => ({
  id,
  name,
  url,
  platform: 'custom',
  store_type: 'business',
  status: 'done',
});
const empty = () => ({ body: { rows: [] } });
const panels = {
  'analytics/fetch/timeseries': empty,
  'analytics/fetch/zeroes': empty,
  'analytics/fetch/top10': empty,
  'analytics/fetch/top10-zeroes': empty,
  'analytics/fetch/daily': empty,
  'analytics/fetch/clicks': () => ({ body: { searches: 0, clicks: 0, rows: [] } }),
};
const at = '2026-11-28T08:00:00.000Z';

async function openWebsite() {
  // The site can be chosen only once its option is there: the list of stores loads first.
  await screen.findByRole('option', { name: 'https://bakery.example.com' });
  fireEvent.change(screen.getByLabelText(/Select Custom URL/), {
    target: { value: 'https://bakery.example.com' },
  });
  // Shown once the chosen site's stores are in: found by waiting, not at once (a loaded machine is slower).
  return screen.findByRole('region', { name: 'Weekly zero-result e-mail' }, { timeout: 5_000 });
}

test('a free owner sees the switch off and disabled, with the upgrade prompt, and nothing is asked of the service', () => {
  const calls = installFakeApi({});
  renderPage(<AnalyticsPage />, { apis, plans: FREE });
  const region = screen.getByRole('region', { name: 'Weekly zero-result e-mail' });
  const toggle = within(region).getByRole('switch', { name: "E-mail me the week's zero-result searches" });
  expect((toggle as HTMLInputElement).checked).toBe(false);
  expect((toggle as HTMLInputElement).disabled).toBe(true);
  expect(toggle.getAttribute('aria-describedby')).toBeTruthy();
  expect(document.getElementById(toggle.getAttribute('aria-describedby')!)!.textContent).toContain(
    ZERO_RESULT_ALERTS_UPGRADE_TEXT,
  );
  expect(screen.getByRole('button', { name: 'Upgrade Now' })).toBeTruthy();
  expect(calls.filter((c) => c.path.startsWith('analytics/alerts'))).toEqual([]);
});

test('a paid owner turns the weekly e-mail on beside the zero-result panels, and sees it saved', async () => {
  let saved: { storeId: string; enabled: boolean; updatedAt: string }[] = [];
  const calls = installFakeApi({
    'stores/managestores/list-stores': () => ({ body: [store('s1', 'Bakery')] }),
    ...panels,
    'analytics/alerts/zero-results/list': () => ({ body: { alerts: saved } }),
    'analytics/alerts/zero-results/update': (body) => {
      const row = { storeId: String(body.storeId), enabled: Boolean(body.enabled), updatedAt: at };
      saved = [row];
      return { body: row };
    },
  });
  renderPage(<AnalyticsPage />, { apis, plans: PAID });
  const region = await openWebsite();
  const toggle = (await within(region).findByRole('switch', {
    name: "E-mail me the week's zero-result searches",
  })) as HTMLInputElement;
  expect(toggle.checked).toBe(false);
  expect(toggle.disabled).toBe(false);

  fireEvent.click(toggle);
  expect(await within(region).findByRole('status')).toHaveProperty('textContent', 'Weekly e-mails are on.');
  await waitFor(() => expect(toggle.checked).toBe(true));
  expect(calls.find((c) => c.path === 'analytics/alerts/zero-results/update')?.body).toEqual({
    storeId: 's1',
    enabled: true,
    email: 'owner@example.com',
  });

  fireEvent.click(toggle);
  expect(await within(region).findByText('Weekly e-mails are off.')).toBeTruthy();
  await waitFor(() => expect(toggle.checked).toBe(false));
});

test("the service's refusal is shown and the switch stays off; a failed load offers Try again; one switch per widget of the site", async () => {
  let failList = true;
  installFakeApi({
    'stores/managestores/list-stores': () => ({ body: [store('s1', 'Bakery'), store('s2', 'Bakery blog')] }),
    ...panels,
    'analytics/alerts/zero-results/list': () =>
      failList
        ? { status: 503, body: { statusCode: 503, error: 'x', message: 'The analytics service is unavailable' } }
        : { body: { alerts: [{ storeId: 's2', enabled: true, updatedAt: at }] } },
    'analytics/alerts/zero-results/update': () => ({
      status: 403,
      body: { statusCode: 403, error: 'Forbidden', message: ZERO_RESULT_ALERTS_UPGRADE_TEXT },
    }),
  });
  renderPage(<AnalyticsPage />, { apis, plans: PAID });
  const region = await openWebsite();
  const failed = await within(region).findByRole('alert');
  expect(failed.textContent).toContain('The analytics service is unavailable');
  failList = false;
  fireEvent.click(within(failed).getByRole('button', { name: 'Try again' }));

  const bakery = (await within(region).findByRole('switch', {
    name: "E-mail me the week's zero-result searches of Bakery",
  })) as HTMLInputElement;
  const blog = within(region).getByRole('switch', {
    name: "E-mail me the week's zero-result searches of Bakery blog",
  }) as HTMLInputElement;
  expect([bakery.checked, blog.checked]).toEqual([false, true]);

  fireEvent.click(bakery);
  expect((await within(region).findByRole('alert')).textContent).toBe(`Not saved: ${ZERO_RESULT_ALERTS_UPGRADE_TEXT}`);
  await waitFor(() => expect(bakery.checked).toBe(false));
  expect(blog.checked).toBe(true);
});
