import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query';
import { createSniffStore } from './store';

/** A remote's API as remotes declare theirs; its one endpoint answers without a network. */
function remoteApi() {
  return createApi({
    reducerPath: 'someRemoteApi',
    baseQuery: fakeBaseQuery<Error>(),
    keepUnusedDataFor: 0,
    endpoints: (build) => ({
      stores: build.query<string[], void>({ queryFn: () => ({ data: ['demo-bakery'] }) }),
    }),
  });
}

describe('the shell store', () => {
  it("answers a remote's first call even when no other action came after its API was injected", async () => {
    const { store, inject } = createSniffStore();
    const api = remoteApi();
    inject({ reducerPath: api.reducerPath, reducer: api.reducer, middleware: api.middleware });
    // The wizard's first call for a new (free) owner: a forced lazy query, the first action after injection.
    const first = store.dispatch(api.endpoints.stores.initiate(undefined, { forceRefetch: true }));
    expect(await first.unwrap()).toEqual(['demo-bakery']);
    first.unsubscribe();
  });

  it('injects a reducer path once', () => {
    const { store, inject } = createSniffStore();
    const api = remoteApi();
    inject({ reducerPath: api.reducerPath, reducer: api.reducer, middleware: api.middleware });
    const state = store.getState() as Record<string, unknown>;
    inject({ reducerPath: api.reducerPath, reducer: api.reducer, middleware: api.middleware });
    expect(store.getState()).toBe(state);
  });
});
