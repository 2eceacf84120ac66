/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_WIDGET_SETTINGS, type WidgetSettings } from '@sniff/contracts';
import { FREE, installFakeApi, PAID, renderPage } from '@sniff/shell-sdk/testing';
import { storesApi } from '../../../shared/api';
import { StoresPage } from '../StoresPage';

const apis = [storesApi];
const shop = {
  id: 'sh_1',
  name: 'Demo Shop',
  url: 'https://shop.example.com',
  platform: 'shopify',
  store_type: 'store',
  status: 'done',
};

/** The stores service's widget settings for sh_1: GET answers what is saved, PUT saves (or `refuse`s). */
function api(refuse?: { status: number; field: string; message: string }) {
  let saved = { settings: { ...DEFAULT_WIDGET_SETTINGS } as WidgetSettings, version: 0 };
  const puts: Record<string, unknown>[] = [];
  installFakeApi({
    'stores/managestores/list-stores': () => ({ body: [shop] }),
    'stores/stores/sh_1/widget-settings': (body: Record<string, unknown>) => {
      if (!('size' in body)) return { body: saved };
      puts.push(body);
      if (refuse) return { status: refuse.status, body: { statusCode: refuse.status, error: 'Refused', ...refuse } };
      const { email: _email, ...settings } = body;
      saved = { settings: settings as unknown as WidgetSettings, version: saved.version + 1 };
      return { body: saved };
    },
  });
  return puts;
}

async function openWidgetTab() {
  fireEvent.click(await screen.findByRole('button', { name: 'Manage Demo Shop' }));
  fireEvent.click(await screen.findByRole('tab', { name: 'Widget' }));
  await screen.findByRole('group', { name: 'Size' });
  return screen.getByRole('region', { name: 'Manage Demo Shop' });
}

test('an owner changes size and colours, saves, and the embed code carries the saved look and version', async () => {
  const puts = api();
  renderPage(<StoresPage />, { apis, plans: PAID });
  const panel = await openWidgetTab();
  fireEvent.click(within(panel).getByRole('radio', { name: 'large' }));
  const border = within(panel).getByRole('group', { name: 'Border colour' });
  fireEvent.click(within(border).getByRole('radio', { name: 'Red (#b91c1c)' }));
  fireEvent.change(within(panel).getByLabelText('Custom background colour'), { target: { value: '#fffbe6' } });
  expect(within(panel).getByRole('status').textContent).toContain('Unsaved changes');
  fireEvent.click(within(panel).getByRole('button', { name: 'Save Changes' }));
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Manage Demo Shop' })).toBeNull());
  expect(puts).toHaveLength(1);
  expect(puts[0]).toMatchObject({
    size: 'large',
    searchBarBorderColor: '#b91c1c',
    searchBarBackground: '#fffbe6',
    displayFormat: 'cards', // the manage panel's default for a catalogue
  });
  expect(await screen.findByText('Widget saved. Your site shows the new look on its next load.')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Manage Demo Shop' }));
  const code = (await screen.findByTestId('manage-embed-code')).textContent;
  expect(code).toContain('data-size="large"');
  expect(code).toContain('data-search-bar-color="#b91c1c"');
  expect(code).toContain('data-settings-version="1"');
});

test('lengths and colours out of range are explained and nothing is sent', async () => {
  const puts = api();
  renderPage(<StoresPage />, { apis, plans: PAID });
  const panel = await openWidgetTab();
  fireEvent.change(within(panel).getByLabelText('Max Title Length'), { target: { value: '5' } });
  fireEvent.change(within(panel).getByLabelText('Max Description Length'), { target: { value: '600' } });
  fireEvent.change(within(panel).getByLabelText('Custom text colour'), { target: { value: 'blue' } });
  expect(panel.textContent).toContain('Max Title Length must be 10 to 200');
  expect(panel.textContent).toContain('Max Description Length must be 20 to 500');
  expect(panel.textContent).toContain('Text colour must be a colour like #666666');
  expect(within(panel).getByLabelText('Max Title Length').getAttribute('aria-invalid')).toBe('true');
  fireEvent.click(within(panel).getByRole('button', { name: 'Save Changes' }));
  await new Promise((r) => setTimeout(r, 50));
  expect(puts).toHaveLength(0);
  expect(screen.getByRole('region', { name: 'Manage Demo Shop' })).toBeTruthy();
});

test('a free owner gets small and medium only and the fixed placeholder', async () => {
  api();
  renderPage(<StoresPage />, { apis, plans: FREE });
  const panel = await openWidgetTab();
  const sizes = within(within(panel).getByRole('group', { name: 'Size' })).getAllByRole('radio') as HTMLInputElement[];
  expect(sizes.filter((r) => !r.disabled).map((r) => r.value)).toEqual(['small', 'medium']);
  const placeholder = within(panel).getByLabelText('Placeholder') as HTMLInputElement;
  expect(placeholder.readOnly).toBe(true);
  expect(placeholder.value).toBe('Search this site · powered by Sniff');
});

test("the server's refusal is shown on its field and the panel stays open", async () => {
  api({ status: 403, field: 'searchPlaceholder', message: 'A custom placeholder needs a paid plan' });
  renderPage(<StoresPage />, { apis, plans: PAID });
  const panel = await openWidgetTab();
  fireEvent.change(within(panel).getByLabelText('Placeholder'), { target: { value: 'Find a cake' } });
  fireEvent.click(within(panel).getByRole('button', { name: 'Save Changes' }));
  expect(await within(panel).findByText(/A custom placeholder needs a paid plan/)).toBeTruthy();
  expect(screen.getByRole('region', { name: 'Manage Demo Shop' })).toBeTruthy();
  expect((within(panel).getByLabelText('Placeholder') as HTMLInputElement).value).toBe('Find a cake');
});
