/**
 * Test harness: (shared by every remote) a stub platform, a store holding this remote's API and the shared data's
 * (as the shell's does), a memory router (the shell owns the real one) and a fake `fetch` that serves /api calls from
 * handlers the test defines.
 * jsdom has no fetch API, so minimal Headers/Request/Response stand-ins are installed too.
 */
import type { ReactElement } from 'react';
import { configureStore, type Middleware, type Reducer } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { registerPlatform, type Injectable, type Platform } from '../src';
import { sharedDataApi } from '../src/shared-data';
import type { PlanEntry } from '@sniff/contracts';

/** statusText: the answer's reason phrase ("Service Unavailable"); none unless given, as over HTTP/2. */
export type Reply = { status?: number; statusText?: string; body: unknown };
export type Handler = (body: Record<string, unknown>) => Reply | Promise<Reply>;
export interface Call {
  path: string;
  body: Record<string, unknown>;
}

class FakeHeaders {
  private readonly map = new Map<string, string>();
  constructor(init?: unknown) {
    if (init instanceof FakeHeaders) init.forEach((v, k) => this.set(k, v));
    else if (Array.isArray(init)) init.forEach(([k, v]) => this.set(String(k), String(v)));
    else if (init && typeof init === 'object')
      Object.entries(init as Record<string, unknown>).forEach(([k, v]) => v !== undefined && this.set(k, String(v)));
  }
  get(k: string) {
    return this.map.get(k.toLowerCase()) ?? null;
  }
  set(k: string, v: string) {
    this.map.set(k.toLowerCase(), v);
  }
  has(k: string) {
    return this.map.has(k.toLowerCase());
  }
  delete(k: string) {
    this.map.delete(k.toLowerCase());
  }
  forEach(fn: (v: string, k: string) => void) {
    this.map.forEach((v, k) => fn(v, k));
  }
  entries() {
    return this.map.entries();
  }
  [Symbol.iterator]() {
    return this.map.entries();
  }
}

class FakeRequest {
  url: string;
  method: string;
  headers: FakeHeaders;
  body: unknown;
  signal?: AbortSignal;
  constructor(url: string, init: { method?: string; headers?: unknown; body?: unknown; signal?: AbortSignal } = {}) {
    this.url = String(url);
    this.method = init.method ?? 'GET';
    this.headers = new FakeHeaders(init.headers);
    this.body = init.body;
    this.signal = init.signal;
  }
  clone() {
    return new FakeRequest(this.url, this);
  }
}

class FakeResponse {
  status: number;
  statusText: string;
  headers: FakeHeaders;
  constructor(
    private readonly text_: string,
    init: { status?: number; statusText?: string; headers?: unknown } = {},
  ) {
    this.status = init.status ?? 200;
    this.statusText = init.statusText ?? '';
    this.headers = new FakeHeaders(init.headers);
  }
  get ok() {
    return this.status >= 200 && this.status < 300;
  }
  clone() {
    return new FakeResponse(this.text_, { status: this.status, statusText: this.statusText, headers: this.headers });
  }
  async text() {
    return this.text_;
  }
  async json() {
    return JSON.parse(this.text_) as unknown;
  }
}

/** Serves `/api/<path>` from `handlers[path]`; unknown paths answer 404. Returns the call log. */
export function installFakeApi(handlers: Record<string, Handler>): Call[] {
  const calls: Call[] = [];
  const g = globalThis as Record<string, unknown>;
  g.Headers = FakeHeaders;
  g.Request = FakeRequest;
  g.Response = FakeResponse;
  g.fetch = async (req: FakeRequest) => {
    const path = req.url.replace(/^.*?\/api\//, '');
    const body = (typeof req.body === 'string' && req.body ? JSON.parse(req.body) : {}) as Record<string, unknown>;
    calls.push({ path, body });
    const handler = handlers[path];
    const reply: Reply = handler
      ? await handler(body)
      : { status: 404, body: { statusCode: 404, error: 'Not Found', message: `No route ${path}` } };
    return new FakeResponse(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      statusText: reply.statusText,
      headers: { 'content-type': 'application/json' },
    });
  };
  return calls;
}

/**
 * The product's destinations as the deployed remotes declare them, so a page under test links where
 * it will in the shell (the shell's declarations test checks this table against the declarations).
 */
export const PRODUCT_DESTINATIONS: Readonly<Record<string, string>> = {
  'dashboard.overview': '/dashboard',
  'wizard.createStore': '/dashboard/create-store',
  'stores.manage': '/dashboard/stores',
  'stores.installationGuide': '/dashboard/installation-guide',
  'analytics.reports': '/dashboard/analytics',
  'billing.subscribe': '/dashboard/subscribe',
  'billing.account': '/dashboard/account',
};

export function stubPlatform(plans: PlanEntry[] | null, overrides: Partial<Platform> = {}): Platform {
  return {
    getAccessToken: async () => 'test-token',
    user: { sub: 'owner-1', name: 'Test Owner', email: 'owner@example.com' },
    plans,
    plansError: null,
    theme: 'light',
    setTheme: () => undefined,
    navigate: () => undefined,
    resolveDestination: (name) => PRODUCT_DESTINATIONS[name] ?? null,
    payments: { status: 'ready', error: null, goToCheckout: () => undefined },
    apiBaseUrl: '/api',
    widgetHost: 'https://widget.test',
    inject: () => undefined,
    signIn: () => undefined,
    signOut: () => undefined,
    ...overrides,
  };
}

export const FREE: PlanEntry[] = [{ plan: 'free', platform: 'custom' }];
export const PAID: PlanEntry[] = [{ plan: 'busniess_starter_monthly', platform: 'custom' }];

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

/** Renders a page as the shell would: platform registered, APIs (the shared data's too) in the store, inside a router. */
export function renderPage(
  ui: ReactElement,
  {
    apis = [],
    plans = FREE,
    path = '/',
    platform = {},
  }: { apis?: Injectable[]; plans?: PlanEntry[] | null; path?: string; platform?: Partial<Platform> } = {},
) {
  registerPlatform(stubPlatform(plans, platform));
  const reducer: Record<string, Reducer> = { _: (s: unknown = null) => s };
  const middleware: Middleware[] = [];
  for (const api of [sharedDataApi, ...apis]) {
    // Once each, as the shell's store takes them (a remote lists the shared data's API too).
    if (reducer[api.reducerPath]) continue;
    reducer[api.reducerPath] = api.reducer;
    if (api.middleware) middleware.push(api.middleware);
  }
  const store = configureStore({
    reducer,
    middleware: (getDefault) => getDefault({ serializableCheck: false }).concat(middleware),
  });
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                {ui}
                <LocationProbe />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return { ...result, store };
}
