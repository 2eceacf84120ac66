import { combineSlices, configureStore, createDynamicMiddleware, createSlice } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import type { Injectable } from './platform';

// The shell's own tiny slice; remotes add theirs with inject().
const sniffSlice = createSlice({ name: 'sniff', initialState: { ready: true }, reducers: {} });

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
  }
  return { store, inject };
}

export type SniffStore = ReturnType<typeof createSniffStore>['store'];
