/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { DEFAULT_WIDGET_SETTINGS } from '@sniff/contracts';
import { installFakeApi, PAID, renderPage, type Handler } from '@sniff/shell-sdk/testing';
import { storesApi } from '../../shared/api';
import { MAIN_URL_REQUIRED } from '@sniff/contracts';
import { PAGES_SAVED } from './PagesSection';
import { StoresPage } from './StoresPage';

const apis = [storesApi];
const site = {
  id: 'st_1',
  name: 'Demo Bakery',
  url: 'https://bakery.example.com/',
  platform: 'custom',
  store_type: 'business',
  status: 'done',
  source: 'crawl',
  pages: 3,
  page_urls: ['https://bakery.example.com/', 'https://bakery.example.com/menu', 'https://bakery.example.com/about'],
};
const LIST = 'stores/managestores/list-stores';
const UPDATE = 'stores/managestores/update-pages';
const MAP = 'stores/crawl/map';

afterEach(() => jest.restoreAllMocks());

async function openPages(handlers: Record<string, Handler>, plans = PAID) {
  const calls = installFakeApi({
    'stores/stores/st_1/widget-settings': () => ({ body: { settings: DEFAULT_WIDGET_SETTINGS, version: 0 } }),
    ...handlers,
  });
  renderPage(<StoresPage />, { apis, plans });
  fireEvent.click(await screen.findByRole('button', { name: 'Manage Demo Bakery' }));
  // The panel's widget settings have loaded (no update lands after the test).
  await screen.findByText(/data-store-id="st_1"/);
  const pages = screen.getByRole('region', { name: 'Pages' });
  return { calls, pages };
}

test('lists the indexed pages, the main URL marked and always ticked', async () => {
  const { pages } = await openPages({ [LIST]: () => ({ body: [site] }) });
  const main = within(pages).getByRole('checkbox', { name: 'https://bakery.example.com/' }) as HTMLInputElement;
  expect(main.checked).toBe(true);
  expect(pages.textContent).toContain('Main URL, always included');
  for (const name of ['https://bakery.example.com/menu', 'https://bakery.example.com/about'])
    expect((within(pages).getByRole('checkbox', { name }) as HTMLInputElement).checked).toBe(true);
  expect(pages.textContent).toContain('3 of 20 pages, your plan indexes up to 20.');
  // Nothing changed yet: nothing to save.
  expect((within(pages).getByRole('button', { name: 'Save pages' }) as HTMLButtonElement).disabled).toBe(true);
});

test('the section has no serious axe finding (labels, roles), over the limit too', async () => {
  const { pages } = await openPages({ [LIST]: () => ({ body: [site] }) }, []);
  expect(within(pages).getByRole('alert')).toBeTruthy();
  const { violations } = await axe.run(pages, { rules: { 'color-contrast': { enabled: false } } });
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});

test('unticking the main URL keeps it and says why', async () => {
  const { pages } = await openPages({ [LIST]: () => ({ body: [site] }) });
  const main = within(pages).getByRole('checkbox', { name: 'https://bakery.example.com/' }) as HTMLInputElement;
  fireEvent.click(main);
  expect(main.checked).toBe(true);
  expect(within(pages).getByText(MAIN_URL_REQUIRED)).toBeTruthy();
});

test('untick a page, find another and save: the right body is sent, a toast confirms and the list refreshes', async () => {
  let stored = site;
  const { calls, pages } = await openPages({
    [LIST]: () => ({ body: [stored] }),
    [MAP]: () => ({
      body: {
        urls: ['https://bakery.example.com/', 'https://bakery.example.com/menu', 'https://bakery.example.com/cakes'],
      },
    }),
    [UPDATE]: (body) => {
      const page_urls = [site.url, ...(body.store_urls as string[])];
      stored = { ...site, status: 'queued', page_urls };
      return { body: { store_id: 'st_1', page_urls, added: 1, removed: 1, status: 'queued' } };
    },
  });
  fireEvent.click(within(pages).getByRole('checkbox', { name: 'https://bakery.example.com/about' }));
  fireEvent.click(within(pages).getByRole('button', { name: 'Find more pages' }));
  const cakes = (await within(pages).findByRole('checkbox', {
    name: 'https://bakery.example.com/cakes',
  })) as HTMLInputElement;
  expect(cakes.checked).toBe(false);
  expect(calls.find((c) => c.path === MAP)?.body).toMatchObject({ url: 'https://bakery.example.com/' });
  fireEvent.click(cakes);
  expect(pages.textContent).toContain('3 of 20 pages');
  fireEvent.click(within(pages).getByRole('button', { name: 'Save pages' }));
  expect(await screen.findByText(PAGES_SAVED)).toBeTruthy();
  expect(calls.find((c) => c.path === UPDATE)?.body).toMatchObject({
    store_id: 'st_1',
    store_urls: ['https://bakery.example.com/menu', 'https://bakery.example.com/cakes'],
  });
  // The shared list is fetched again (and shows the queued sync).
  await waitFor(() => expect(calls.filter((c) => c.path === LIST).length).toBeGreaterThanOrEqual(2));
  await waitFor(() => expect(screen.getByTestId('store-st_1').textContent).toContain('queued'));
  const saved = screen.getByRole('region', { name: 'Pages' });
  expect((within(saved).getByRole('button', { name: 'Save pages' }) as HTMLButtonElement).disabled).toBe(true);
});

test('a ticked page survives switching tabs, and Save Changes saves it with the rest of the panel', async () => {
  const { calls, pages } = await openPages({
    [LIST]: () => ({ body: [site] }),
    [MAP]: () => ({ body: { urls: ['https://bakery.example.com/cakes'] } }),
    [UPDATE]: (body) => ({
      body: {
        store_id: 'st_1',
        page_urls: [site.url, ...(body.store_urls as string[])],
        added: 1,
        removed: 0,
        status: 'queued',
      },
    }),
  });
  fireEvent.click(within(pages).getByRole('button', { name: 'Find more pages' }));
  fireEvent.click(await within(pages).findByRole('checkbox', { name: 'https://bakery.example.com/cakes' }));
  fireEvent.click(screen.getByRole('tab', { name: 'Widget' }));
  expect(screen.queryByRole('region', { name: 'Pages' })).toBeNull();
  fireEvent.click(screen.getByRole('tab', { name: 'Details' }));
  const again = screen.getByRole('region', { name: 'Pages' });
  expect(
    (within(again).getByRole('checkbox', { name: 'https://bakery.example.com/cakes' }) as HTMLInputElement).checked,
  ).toBe(true);
  fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText(PAGES_SAVED)).toBeTruthy();
  expect(calls.find((c) => c.path === UPDATE)?.body).toMatchObject({
    store_urls: [
      'https://bakery.example.com/menu',
      'https://bakery.example.com/about',
      'https://bakery.example.com/cakes',
    ],
  });
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Manage Demo Bakery' })).toBeNull());
});

test('over the plan’s page count, Save is disabled and the plan’s message shows', async () => {
  const { pages } = await openPages(
    {
      [LIST]: () => ({ body: [{ ...site, page_urls: site.page_urls.slice(0, 2) }] }),
      [MAP]: () => ({ body: { urls: ['https://bakery.example.com/about'] } }),
    },
    [],
  );
  expect(pages.textContent).toContain('2 of 2 pages, your plan indexes up to 2.');
  fireEvent.click(within(pages).getByRole('button', { name: 'Find more pages' }));
  fireEvent.click(await within(pages).findByRole('checkbox', { name: 'https://bakery.example.com/about' }));
  expect(within(pages).getByRole('alert').textContent).toBe(
    'Free users can only select up to 2 pages. Please deselect some pages or upgrade your plan.',
  );
  expect((within(pages).getByRole('button', { name: 'Save pages' }) as HTMLButtonElement).disabled).toBe(true);
});

test('shows the server’s refusal, and a discovery that finds nothing new', async () => {
  const { pages } = await openPages({
    [LIST]: () => ({ body: [site] }),
    [MAP]: () => ({ body: { urls: ['https://bakery.example.com/menu'] } }),
    [UPDATE]: () => ({
      status: 422,
      body: {
        statusCode: 422,
        error: 'Unprocessable Entity',
        message: 'store_urls.0: Every page must be on the same site as the main URL (bakery.example.com).',
        field: 'store_urls.0',
      },
    }),
  });
  fireEvent.click(within(pages).getByRole('button', { name: 'Find more pages' }));
  expect(await within(pages).findByText('No other pages found on this site.')).toBeTruthy();
  fireEvent.click(within(pages).getByRole('checkbox', { name: 'https://bakery.example.com/about' }));
  fireEvent.click(within(pages).getByRole('button', { name: 'Save pages' }));
  const alert = await within(pages).findByRole('alert');
  expect(alert.textContent).toContain('Every page must be on the same site as the main URL');
});

test('a catalogue or platform store has no Pages section', async () => {
  installFakeApi({
    [LIST]: () => ({ body: [{ ...site, platform: 'shopify', source: 'shopify-csv', page_urls: undefined }] }),
    'stores/stores/st_1/widget-settings': () => ({ body: { settings: DEFAULT_WIDGET_SETTINGS, version: 0 } }),
  });
  renderPage(<StoresPage />, { apis, plans: PAID });
  fireEvent.click(await screen.findByRole('button', { name: 'Manage Demo Bakery' }));
  const panel = await screen.findByRole('region', { name: 'Manage Demo Bakery' });
  await within(panel).findByText(/data-store-id="st_1"/);
  expect(screen.queryByRole('region', { name: 'Pages' })).toBeNull();
});
