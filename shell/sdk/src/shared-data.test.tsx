/** @jest-environment jsdom */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createApi } from '@reduxjs/toolkit/query/react';
import { installFakeApi, renderPage } from '../testing/harness';
import { sniffBaseQuery } from './base-query';
import { invalidatesShared, useInvalidateShared, useListStoresQuery } from './shared-data';

const store = (id: string) => ({ id, name: id, url: `https://${id}.example.com`, platform: 'custom', status: 'done' });

/** A remote's own API, as a remote declares it: one mutation that creates a store. */
const remoteApi = createApi({
  reducerPath: 'someRemoteApi',
  baseQuery: sniffBaseQuery,
  endpoints: (build) => ({
    create: build.mutation<unknown, void>({
      query: () => ({ url: 'stores/create', method: 'POST', body: {} }),
      onQueryStarted: invalidatesShared('Stores'),
    }),
  }),
});

/** Another remote's view of the owner's stores. */
function StoreNames() {
  const stores = useListStoresQuery();
  return <output data-testid="stores">{stores.data?.map((s) => s.id).join(',') ?? 'loading'}</output>;
}

function CreateButton() {
  const [create] = remoteApi.useCreateMutation();
  return <button onClick={() => void create()}>Create</button>;
}

function ChangedElsewhere() {
  const invalidate = useInvalidateShared();
  return <button onClick={() => invalidate('Stores')}>Changed elsewhere</button>;
}

function setup(createAnswers: number) {
  let stored = [store('bakery')];
  const calls = installFakeApi({
    'stores/managestores/list-stores': () => ({ body: stored }),
    'stores/create': () => {
      if (createAnswers !== 200) return { status: createAnswers, body: { statusCode: createAnswers, message: 'No' } };
      stored = [...stored, store('cafe')];
      return { body: {} };
    },
  });
  renderPage(
    <>
      <StoreNames />
      <StoreNames />
      <CreateButton />
      <ChangedElsewhere />
    </>,
    { apis: [remoteApi] },
  );
  const listed = () => calls.filter((c) => c.path === 'stores/managestores/list-stores').length;
  return { calls, listed, change: (next: string[]) => (stored = next.map(store)) };
}

const shown = () => screen.getAllByTestId('stores').map((o) => o.textContent);

describe('shared data', () => {
  it("two views of the owner's stores share one request; a remote's successful change has it asked again, once", async () => {
    const { listed } = setup(200);
    await waitFor(() => expect(shown()).toEqual(['bakery', 'bakery']));
    expect(listed()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(shown()).toEqual(['bakery,cafe', 'bakery,cafe']));
    expect(listed()).toBe(2);
  });

  it('a failed change leaves the list as it is, unasked', async () => {
    const { calls, listed } = setup(500);
    await waitFor(() => expect(shown()).toEqual(['bakery', 'bakery']));
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'stores/create')).toBe(true));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(listed()).toBe(1);
  });

  it('a change made otherwise (a popup) has the list asked again through useInvalidateShared', async () => {
    const { listed, change } = setup(200);
    await waitFor(() => expect(shown()).toEqual(['bakery', 'bakery']));
    change(['bakery', 'shop']);
    fireEvent.click(screen.getByRole('button', { name: 'Changed elsewhere' }));
    await waitFor(() => expect(shown()).toEqual(['bakery,shop', 'bakery,shop']));
    expect(listed()).toBe(2);
  });
});
