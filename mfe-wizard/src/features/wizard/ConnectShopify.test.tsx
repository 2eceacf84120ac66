/** @jest-environment jsdom */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { installFakeApi, renderPage, type Reply } from '@sniff/shell-sdk/testing';
import {
  CATALOGUE_COLUMNS,
  CATALOGUE_MAX_BYTES,
  CSV_FILE_INVALID,
  SHOPIFY_NAME_INVALID,
  shopifyStoreExistsMessage,
} from '@sniff/contracts';
import { wizardApi } from '../../shared/api';
import { CATALOGUE_EXAMPLE_NAME, CATALOGUE_TOO_LARGE, exampleCatalogueCsv } from './catalogue';
import { CreateStorePage, STORE_CHECK_UNREACHABLE } from './CreateStorePage';
import { button, chooseTile, SHOPIFY_PLANS, type, widgetSettingsRoute } from './testing';

const apis = [wizardApi];
const shop = 'https://corner-bakery.myshopify.com';
const csvAnswer = {
  store_id: 'sh_1',
  platform: 'shopify',
  store_url: shop,
  imported: 2,
  rejected: [],
  rejected_count: 0,
};

/** The API, with the multipart bodies the fake API cannot read kept aside. */
/** The calls the step makes, without the store list read for the widget allowance before step 3. */
const sent = <T extends { path: string }>(calls: T[]) =>
  calls.filter((c) => c.path !== 'stores/managestores/list-stores');

function routes(extra: Parameters<typeof installFakeApi>[0] = {}) {
  const calls = installFakeApi({
    // the owner's stores, read before step 3 (the widget allowance): none yet
    'stores/managestores/list-stores': () => ({ body: [] }),
    'stores/shopify/check-store': () => ({ body: { exists: false, store_id: null } }),
    'stores/shopify/create-store-csv': () => ({ body: csvAnswer }),
    ...widgetSettingsRoute('sh_1'),
    ...extra,
  });
  const forms: FormData[] = [];
  const g = globalThis as unknown as { fetch: (req: { body: unknown }) => Promise<unknown> };
  const fetch = g.fetch;
  g.fetch = (req) => {
    if (req.body instanceof FormData) forms.push(req.body);
    return fetch(req);
  };
  return { calls, forms };
}

async function toStep3(name = 'Corner Bakery', nickname = '') {
  renderPage(<CreateStorePage />, { apis, plans: SHOPIFY_PLANS });
  chooseTile('Shopify');
  type('Store Name', name);
  if (nickname) type('Store Nickname (optional)', nickname);
  fireEvent.click(button('Next'));
  await screen.findByRole('heading', { name: 'Connect Your Shopify Store' });
}

const csv = (name = 'products.csv', type = 'text/csv', text = 'name,price\nBread,3.5\n') =>
  new File([text], name, { type });
const chooseFile = (file: File) =>
  fireEvent.change(screen.getByLabelText('Product catalogue (CSV)'), { target: { files: [file] } });

describe('step 2', () => {
  test('shows the shop the name becomes, and the rule’s message for a name that makes none', () => {
    routes();
    renderPage(<CreateStorePage />, { apis, plans: SHOPIFY_PLANS });
    chooseTile('Shopify');
    expect(screen.queryByLabelText('Website URL')).toBeNull();
    type('Store Name', 'Corner Bakery!');
    expect(screen.getByTestId('shop-host').textContent).toBe(shop);
    type('Store Name', '!!! ***');
    expect(screen.getByText(SHOPIFY_NAME_INVALID)).toBeTruthy();
    fireEvent.click(button('Next'));
    expect(screen.getByRole('alert').textContent).toBe(SHOPIFY_NAME_INVALID);
    expect(screen.getByLabelText('Store Name').getAttribute('aria-invalid')).toBe('true');
  });

  test('Next checks the store; one that exists stops there with its id', async () => {
    let answer: () => Reply | Promise<Reply> = () => ({ body: { exists: true, store_id: 'sh_old' } });
    const { calls } = routes({ 'stores/shopify/check-store': () => answer() });
    renderPage(<CreateStorePage />, { apis, plans: SHOPIFY_PLANS });
    chooseTile('Shopify');
    type('Store Name', 'Corner Bakery');
    let release: (() => void) | undefined;
    const held = answer;
    answer = () => new Promise((resolve) => (release = () => resolve(held())));
    fireEvent.click(button('Next'));
    expect(button('Checking store...').disabled).toBe(true);
    await waitFor(() => expect(release).toBeDefined());
    release!();
    expect((await screen.findByRole('alert')).textContent).toBe(shopifyStoreExistsMessage(shop, 'sh_old'));
    expect(screen.getByRole('heading', { name: 'Store Information' })).toBeTruthy();
    expect(sent(calls)[0]).toEqual({
      path: 'stores/shopify/check-store',
      body: { store_url: shop, email: 'owner@example.com' },
    });
  });

  test('a failed check shows the server’s message, its status, or that it could not connect', async () => {
    let reply: () => Reply = () => ({
      status: 500,
      body: { statusCode: 500, error: 'Internal Server Error', message: 'Failed to check store.' },
    });
    routes({ 'stores/shopify/check-store': () => reply() });
    renderPage(<CreateStorePage />, { apis, plans: SHOPIFY_PLANS });
    chooseTile('Shopify');
    type('Store Name', 'corner-bakery');
    fireEvent.click(button('Next'));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to check store.');
    reply = () => ({ status: 502, body: {} });
    fireEvent.click(button('Next'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Server error: 502'));
    reply = () => {
      throw new TypeError('Failed to fetch');
    };
    fireEvent.click(button('Next'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(STORE_CHECK_UNREACHABLE));
    expect(screen.getByRole('heading', { name: 'Store Information' })).toBeTruthy();
  });
});

describe('catalogue upload', () => {
  test("says both files are accepted (Shopify's export as it is, or the columns), and makes an example CSV in the browser", async () => {
    routes();
    await toStep3();
    const help = screen.getByText(
      /Shopify's own product export \(in Shopify admin, Products, then Export\), uploaded as it is/,
    );
    expect(help.textContent).toMatch(
      /variants become one product with its price range, and drafts and archived products are left out/,
    );
    expect(screen.getByText(CATALOGUE_COLUMNS.join(', '))).toBeTruthy();
    expect(screen.getByText(/must match your myshopify address/)).toBeTruthy();
    const blobs: Blob[] = [];
    const url = URL as unknown as { createObjectURL: (b: Blob) => string; revokeObjectURL: (u: string) => void };
    url.createObjectURL = (b) => (blobs.push(b), 'blob:example');
    url.revokeObjectURL = () => undefined;
    const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLElement) {
      expect(this.getAttribute('download')).toBe(CATALOGUE_EXAMPLE_NAME);
      expect(this.getAttribute('href')).toBe('blob:example');
    });
    fireEvent.click(button('Download example CSV'));
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(blobs[0]!.type).toBe('text/csv');
    expect(exampleCatalogueCsv().split('\n')[0]).toBe('name,description,price,category,image_url');
    clicked.mockRestore();
  });

  test('refuses a file that is not CSV, or too large, before sending anything', async () => {
    const { calls } = routes();
    await toStep3();
    const upload = button('Upload Catalogue');
    expect(upload.disabled).toBe(true);
    chooseFile(csv('products.xlsx', 'application/vnd.ms-excel'));
    expect(screen.getByRole('alert').textContent).toBe(CSV_FILE_INVALID);
    expect(upload.disabled).toBe(true);
    const big = csv('big.csv');
    Object.defineProperty(big, 'size', { value: CATALOGUE_MAX_BYTES + 1 });
    chooseFile(big);
    expect(screen.getByRole('alert').textContent).toBe(CATALOGUE_TOO_LARGE);
    expect(CATALOGUE_TOO_LARGE).toContain('10 MB');
    // A .csv the system calls something else is still a CSV.
    chooseFile(csv('export.CSV', 'application/vnd.ms-excel'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(upload.disabled).toBe(false);
    expect(sent(calls).filter((c) => c.path !== 'stores/shopify/check-store')).toHaveLength(0);
  });

  test('uploads the fields then the file, reports rejected rows and continues to step 4', async () => {
    let release!: () => void;
    const rejected = Array.from({ length: 100 }, (_, i) => ({
      row: i + 2,
      column: 'price',
      message: `"abc${i}" is not a price`,
    }));
    const { forms } = routes({
      'stores/shopify/create-store-csv': () =>
        new Promise<Reply>((resolve) => {
          release = () => resolve({ body: { ...csvAnswer, imported: 320, rejected, rejected_count: 130 } });
        }),
    });
    await toStep3('Corner Bakery', 'Bakery shop');
    const file = csv();
    chooseFile(file);
    fireEvent.click(button('Upload Catalogue'));
    expect(button('Creating Store...').disabled).toBe(true);
    expect(button('Back').disabled).toBe(true);
    await waitFor(() => expect(forms).toHaveLength(1));
    const form = forms[0]!;
    expect([...form.keys()]).toEqual(['email', 'store_name', 'store_nickname', 'store_url', 'platform', 'csv_file']);
    expect(Object.fromEntries([...form.entries()].filter(([k]) => k !== 'csv_file'))).toEqual({
      email: 'owner@example.com',
      store_name: 'Corner Bakery',
      store_nickname: 'Bakery shop',
      store_url: 'Corner Bakery',
      platform: 'shopify',
    });
    expect((form.get('csv_file') as File).name).toBe('products.csv');

    await act(async () => release());
    expect(button('Store Created Successfully').disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toContain('Imported 320 products');
    const region = screen.getByRole('region', { name: 'Rows not imported' });
    const items = within(region).getAllByRole('listitem');
    expect(items).toHaveLength(100);
    expect(items[0]!.textContent).toBe('Row 2, price: "abc0" is not a price');
    expect(region.textContent).toContain('and 30 more');
    // Nothing else can start once the store exists.
    expect(button('Connect with Shopify').disabled).toBe(true);
    expect((screen.getByLabelText('Product catalogue (CSV)') as HTMLInputElement).disabled).toBe(true);

    fireEvent.click(button('Continue'));
    await screen.findByRole('heading', { name: 'Search Bar Created! Install Widget Code' });
    expect(screen.getByTestId('store-id').textContent).toBe('sh_1');
    const code = screen.getByTestId('embed-code').textContent ?? '';
    expect(code).toContain('https://widget.test/widget/embed.js');
    expect(code).toContain('data-platform="shopify"');
    expect(code).toContain('data-type="store"');
    expect(code).not.toContain('data-display-format'); // the list, the wizard's default
    fireEvent.click(screen.getByLabelText('Show price'));
    await waitFor(() => expect(screen.getByTestId('embed-code').textContent).toContain('data-show-price="false"'), {
      timeout: 3000,
    });
  });

  test('a failed upload says why and may be tried again', async () => {
    let fail = true;
    routes({
      'stores/shopify/create-store-csv': () =>
        fail
          ? {
              status: 400,
              body: { statusCode: 400, error: 'Bad Request', message: 'The file has no "name" column.' },
            }
          : { body: csvAnswer },
    });
    await toStep3();
    chooseFile(csv());
    fireEvent.click(button('Upload Catalogue'));
    const retry = await screen.findByRole('button', { name: 'Failed - Try Again' });
    expect(screen.getByRole('alert').textContent).toBe('Upload failed: The file has no "name" column.');
    expect((retry as HTMLButtonElement).disabled).toBe(false);
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByRole('button', { name: 'Store Created Successfully' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Imported 2 products');
    expect(screen.queryByRole('region', { name: 'Rows not imported' })).toBeNull();
  });
});
