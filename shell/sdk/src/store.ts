import { combineSlices, configureStore, createAction, createDynamicMiddleware, createSlice } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import type { Injectable } from './platform';

// The shell's own tiny slice; remotes add theirs with inject().
const sniffSlice = createSlice({ name: 'sniff', initialState: { ready: true }, reducers: {} });
/** Dispatched once a remote's part is injected (see inject). */
const partInjected = createAction<{ reducerPath: string }>('sniff/injected');

/**
 * The Redux store the shell owns: remotes inject their slices and RTK Query APIs at runtime
 * (combineSlices(...).inject plus dynamic middleware). Also used by standalone remote runs.
 */
export function createSniffStore() {
  const rootReducer = combineSlices(sniffSlice);
  const dynamic = createDynamicMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(dynamic.middleware),
  });
  // Lets RTK Query refetch on window focus and reconnect (refetchOnFocus / refetchOnReconnect).
  if (typeof window !== 'undefined') setupListeners(store.dispatch);
  const injected = new Set<string>();
  function inject(part: Injectable): void {
    if (injected.has(part.reducerPath)) return;
    injected.add(part.reducerPath);
    rootReducer.inject({ reducerPath: part.reducerPath, reducer: part.reducer });
    if (part.middleware) dynamic.addMiddleware(part.middleware);
    // An injected reducer has no state until the next action. RTK Query reads its state before its
    // first request (a forced query checks its config), so a remote whose first call was the first
    // action after it loaded got `undefined` and sent nothing; this action gives the part its state now.
    store.dispatch(partInjected({ reducerPath: part.reducerPath }));
  }
  return { store, inject };
}

export type SniffStore = ReturnType<typeof createSniffStore>['store'];
