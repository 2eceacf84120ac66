/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { installFakeApi, renderPage } from '@sniff/shell-sdk/testing';
import type { Pin, SearchSettings } from '@sniff/contracts';
import { storesApi } from '../../../shared/api';
import { StoresPage } from '../StoresPage';

const apis = [storesApi];
const bakery = {
  id: 'st_1',
  name: 'Demo Bakery',
  url: 'https://bakery.example.com',
  platform: 'custom',
  store_type: 'business',
  status: 'done',
};
const SETTINGS_PATH = 'stores/stores/st_1/search-settings';
const CUPS = { url: 'https://bakery.example.com/cups', title: 'Green tea cups' };
const BREAD = { url: 'https://bakery.example.com/bread', title: 'Sourdough <b>bread</b>' };

/** The stores list, the store's settings (PUT saves them), its page finder and its pinned-pages check. */
function fakeApi(pins: Pin[] = [], indexed = [CUPS, BREAD]) {
  let saved: SearchSettings = { synonyms: [], stopWords: [], hiddenSuggestions: [], allowedSites: [], pins };
  const calls = installFakeApi({
    'stores/managestores/list-stores': () => ({ body: [bakery] }),
    [SETTINGS_PATH]: (body) => {
      if (!('synonyms' in body)) return { body: saved };
      const { email: _email, ...settings } = body;
      saved = settings as unknown as SearchSettings;
      return { body: saved };
    },
    'stores/stores/st_1/pin-candidates?q=tea': () => ({ body: { pages: [CUPS] } }),
    'stores/stores/st_1/pin-candidates?q=nothing': () => ({ body: { pages: [] } }),
    'stores/stores/st_1/pinned-pages': (body) => ({
      body: { pages: indexed.filter((p) => (body.urls as string[]).includes(p.url)) },
    }),
  });
  return { calls, saves: () => calls.filter((c) => c.path === SETTINGS_PATH && 'synonyms' in c.body) };
}

async function openTuning(path = '/') {
  renderPage(<StoresPage />, { apis, path });
  if (path === '/') {
    fireEvent.click(await screen.findByRole('button', { name: 'Manage Demo Bakery' }));
    fireEvent.click(await screen.findByRole('tab', { name: 'Search tuning' }));
  }
  return screen.findByRole('group', { name: 'Pinned answers' });
}
const addForm = () => screen.getByRole('form', { name: 'Add a pinned answer' });
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

test('an owner finds a page of the store, pins it for a query and its variants, and saves', async () => {
  const api = fakeApi();
  const section = await openTuning();
  expect(within(section).getByText('No pinned answers yet.')).toBeTruthy();
  type('Query to pin', 'Green tea');
  type('Other phrasings of it (separate with commas)', 'matcha, tea cups');
  type('Find a page of this store', 'nothing');
  fireEvent.click(screen.getByRole('button', { name: 'Find pages' }));
  expect(await screen.findByText('No pages of this store match “nothing”.')).toBeTruthy();
  type('Find a page of this store', 'tea');
  fireEvent.keyDown(screen.getByLabelText('Find a page of this store'), { key: 'Enter' });
  const found = await screen.findByRole('list', { name: 'Pages found' });
  fireEvent.click(within(found).getByRole('button', { name: 'Pin Green tea cups' }));
  expect(within(screen.getByRole('list', { name: 'Pages to pin' })).getByText(/Green tea cups/)).toBeTruthy();
  expect(within(found).getByRole('button', { name: 'Pin Green tea cups' }).textContent).toBe('Chosen');
  fireEvent.click(within(addForm()).getByRole('button', { name: 'Add pin' }));

  const list = await screen.findByRole('list', { name: 'Pinned answers' });
  expect(list.textContent).toContain('Green tea');
  expect(list.textContent).toContain('also: matcha, tea cups');
  expect(await within(list).findByText('Green tea cups')).toBeTruthy();
  expect((screen.getByLabelText('Query to pin') as HTMLInputElement).value).toBe('');

  fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText('Search settings saved.')).toBeTruthy();
  expect(api.saves()[0].body.pins).toEqual([
    { query: 'Green tea', variants: ['matcha', 'tea cups'], urls: [CUPS.url] },
  ]);
});

test('a pinned page the store no longer has is marked missing; titles are text, not markup', async () => {
  fakeApi([{ query: 'bread', variants: [], urls: [BREAD.url, 'https://bakery.example.com/gone'] }]);
  await openTuning();
  const pages = await screen.findByRole('list', { name: 'Pages pinned for bread' });
  await waitFor(() => expect(within(pages).getAllByRole('listitem')[1].textContent).toContain('Missing'));
  const [bread, gone] = within(pages).getAllByRole('listitem');
  expect(bread.textContent).toBe(' Sourdough <b>bread</b>');
  expect(bread.querySelector('b')).toBeNull();
  expect(gone.textContent).toContain('https://bakery.example.com/gone');
  expect(gone.textContent).toContain('no longer in this store’s index');
});

test('a short answer needs text and an http(s) link; a query already pinned is refused before anything is sent', async () => {
  const api = fakeApi([{ query: 'Opening hours', variants: [], urls: [CUPS.url] }]);
  await openTuning();
  fireEvent.click(screen.getByRole('radio', { name: 'A short answer' }));
  type('Query to pin', 'delivery');
  type('Answer (plain text, up to 280 characters)', 'We deliver within 10 km.');
  type('Link (http or https)', 'javascript:alert(1)');
  fireEvent.click(within(addForm()).getByRole('button', { name: 'Add pin' }));
  expect(within(addForm()).getByRole('alert').textContent).toBe('A link must be an absolute http(s) URL');
  expect(screen.getByLabelText('Link (http or https)').getAttribute('aria-invalid')).toBe('true');

  type('Query to pin', 'OPENING  hours');
  type('Link (http or https)', 'https://bakery.example.com/delivery');
  fireEvent.click(within(addForm()).getByRole('button', { name: 'Add pin' }));
  expect(within(addForm()).getByRole('alert').textContent).toMatch(/already pinned/);

  type('Query to pin', 'delivery');
  fireEvent.click(within(addForm()).getByRole('button', { name: 'Add pin' }));
  const list = screen.getByRole('list', { name: 'Pinned answers' });
  expect(list.textContent).toContain('We deliver within 10 km.');
  expect(within(list).getByRole('link', { name: 'https://bakery.example.com/delivery' })).toBeTruthy();
  expect(api.saves()).toHaveLength(0);
});

test('a store at the pin limit says so', async () => {
  const pins = Array.from({ length: 100 }, (_, i) => ({ query: `q${i}`, variants: [], urls: [CUPS.url] }));
  fakeApi(pins);
  await openTuning();
  expect(screen.getByText(/100 of 100 pins/)).toBeTruthy();
  type('Query to pin', 'one more');
  type('Find a page of this store', 'tea');
  fireEvent.click(screen.getByRole('button', { name: 'Find pages' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Pin Green tea cups' }));
  fireEvent.click(within(addForm()).getByRole('button', { name: 'Add pin' }));
  expect(within(addForm()).getByRole('alert').textContent).toBe('A store can have at most 100 pinned answers.');
});

test('the API’s message about a pin is shown on that pin', async () => {
  fakeApi([{ query: 'bread', variants: [], urls: [BREAD.url] }]);
  await openTuning();
  fireEvent.click(screen.getByRole('button', { name: 'Remove pin bread' }));
  installFakeApi({
    'stores/managestores/list-stores': () => ({ body: [bakery] }),
    [SETTINGS_PATH]: () => ({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'pins.0.urls.0: a link must be an absolute http(s) URL',
        field: 'pins.0.urls.0',
      },
    }),
    'stores/stores/st_1/pin-candidates?q=tea': () => ({ body: { pages: [CUPS] } }),
    'stores/stores/st_1/pinned-pages': () => ({ body: { pages: [] } }),
  });
  type('Query to pin', 'cups');
  type('Find a page of this store', 'tea');
  fireEvent.click(screen.getByRole('button', { name: 'Find pages' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Pin Green tea cups' }));
  fireEvent.click(within(addForm()).getByRole('button', { name: 'Add pin' }));
  fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
  const item = within(await screen.findByRole('list', { name: 'Pinned answers' })).getAllByRole('listitem')[0];
  expect((await within(item).findByRole('alert')).textContent).toBe('a link must be an absolute http(s) URL');
});

describe('links into search tuning (the zero-result e-mail)', () => {
  test('?store=…&tab=search&pin=… opens the store on search tuning with a new pin for the query, focused', async () => {
    fakeApi();
    await openTuning('/dashboard/stores?store=st_1&tab=search&pin=opening%20hours%20%C3%A9t%C3%A9');
    expect(screen.getByRole('tab', { name: 'Search tuning' }).getAttribute('aria-selected')).toBe('true');
    const query = screen.getByLabelText('Query to pin') as HTMLInputElement;
    expect(query.value).toBe('opening hours été');
    await waitFor(() => expect(document.activeElement).toBe(query));
  });

  test('&synonym=… starts a new synonym rule holding the word', async () => {
    fakeApi();
    renderPage(<StoresPage />, { apis, path: '/dashboard/stores?store=st_1&tab=search&synonym=couch' });
    const words = (await screen.findByLabelText('Words that mean the same (separate with commas)')) as HTMLInputElement;
    expect(words.value).toBe('couch, ');
    await waitFor(() => expect(document.activeElement).toBe(words));
  });

  test('a store that is not the owner’s opens nothing and says so', async () => {
    fakeApi();
    renderPage(<StoresPage />, { apis, path: '/dashboard/stores?store=st_other&tab=search&pin=x' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Store not found');
    expect(alert.textContent).toContain('st_other');
    expect(screen.queryByRole('region', { name: /Manage/ })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Search tuning' })).toBeNull();
  });
});
