/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { installFakeApi, renderPage } from '@sniff/shell-sdk/testing';
import { storesApi } from '../../shared/api';
import { absoluteTime } from '../../shared/time';
import { StoresPage } from './StoresPage';

const apis = [storesApi];
const UPLOADED = '2026-03-01T09:00:00.000Z';
const SYNCED = '2026-03-03T10:05:00.000Z';
const csvStore = {
  id: 'sh_1',
  name: 'Corner Bakery',
  url: 'https://corner-bakery.myshopify.com',
  platform: 'shopify',
  store_type: 'store',
  status: 'done',
  source: 'shopify-csv',
  pages: 3,
  created_at: UPLOADED,
  catalogue_uploaded_at: UPLOADED,
  last_synced_at: SYNCED,
  next_sync_at: null,
  sync_available_at: null,
};

/** The forms the page posts (the fake API reads JSON bodies only). */
function captureForms(): FormData[] {
  const forms: FormData[] = [];
  const g = globalThis as unknown as { fetch: (req: { body: unknown }) => Promise<unknown> };
  const fetch = g.fetch;
  g.fetch = (req) => {
    if (req.body instanceof FormData) forms.push(req.body);
    return fetch(req);
  };
  return forms;
}

async function openSync() {
  fireEvent.click(await screen.findByRole('button', { name: 'Manage Corner Bakery' }));
  const panel = await screen.findByRole('region', { name: 'Manage Corner Bakery' });
  return within(panel).getByRole('region', { name: 'Sync' });
}

const choose = (input: HTMLElement, file: File) => fireEvent.change(input, { target: { files: [file] } });

test("a CSV store's Manage panel takes a new catalogue, checked like the wizard's, and lists rows left out", async () => {
  let stored: Record<string, unknown> = { ...csvStore };
  let answer: { status: number; body: unknown } = {
    status: 400,
    body: {
      statusCode: 400,
      message: 'No product could be imported. Row 2, price: price must be a number',
      field: 'csv_file',
    },
  };
  const calls = installFakeApi({
    'stores/managestores/list-stores': () => ({ body: [stored] }),
    'stores/shopify/replace-catalogue': () => answer,
  });
  const forms = captureForms();
  renderPage(<StoresPage />, { apis });
  const sync = await openSync();
  // The upload's time, not the last sync's (Sync now hands the same products again).
  expect(sync.textContent).toContain(`Catalogue uploaded ${absoluteTime(new Date(UPLOADED))}`);
  expect(sync.textContent).not.toContain(`Catalogue uploaded ${absoluteTime(new Date(SYNCED))}`);

  const input = within(sync).getByLabelText('New catalogue (CSV)');
  const upload = () => within(sync).getByRole('button', { name: 'Upload catalogue' }) as HTMLButtonElement;
  expect(upload().disabled).toBe(true);
  choose(input, new File(['%PDF'], 'catalogue.pdf', { type: 'application/pdf' }));
  expect(within(sync).getByRole('alert').textContent).toBe('Please select a valid CSV file');
  expect(input.getAttribute('aria-invalid')).toBe('true');
  expect(upload().disabled).toBe(true);

  // The server's refusal, in the spec's "Upload failed: ..." words; a second try is allowed.
  choose(input, new File(['name,price\nMug,abc\n'], 'products.csv', { type: 'text/csv' }));
  fireEvent.click(upload());
  expect((await within(sync).findByRole('alert')).textContent).toBe(
    'Upload failed: No product could be imported. Row 2, price: price must be a number',
  );

  const NEW_UPLOAD = '2026-03-05T08:00:00.000Z';
  answer = {
    status: 200,
    body: {
      store_id: 'sh_1',
      status: 'queued',
      imported: 2,
      rejected: [{ row: 4, column: 'name', message: 'name is empty' }],
      rejected_count: 1,
      catalogue_uploaded_at: NEW_UPLOAD,
    },
  };
  stored = { ...stored, status: 'queued', catalogue_uploaded_at: NEW_UPLOAD };
  fireEvent.click(upload());
  await waitFor(() =>
    expect(within(sync).getByRole('status').textContent).toContain(
      'New catalogue uploaded: 2 products imported; 1 row left out. Indexing them now.',
    ),
  );
  expect(within(sync).getByRole('status').textContent).toContain('Row 4, name: name is empty');
  expect(calls.filter((c) => c.path === 'stores/shopify/replace-catalogue')).toHaveLength(2);
  const form = forms.at(-1)!;
  expect(form.get('store_id')).toBe('sh_1');
  expect(form.get('email')).toBe('owner@example.com');
  expect((form.get('csv_file') as File).name).toBe('products.csv');
  await waitFor(() => expect(sync.textContent).toContain(`Catalogue uploaded ${absoluteTime(new Date(NEW_UPLOAD))}`));
});

test('stores that sync from their site or platform offer no catalogue upload', async () => {
  installFakeApi({
    'stores/managestores/list-stores': () => ({ body: [{ ...csvStore, source: 'shopify-oauth' }] }),
  });
  renderPage(<StoresPage />, { apis });
  const sync = await openSync();
  expect(within(sync).queryByLabelText('New catalogue (CSV)')).toBeNull();
  expect(within(sync).getByRole('button', { name: 'Sync now' })).toBeTruthy();
});
