import { lazy, Suspense, useEffect, useMemo } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import type { Injectable, SniffStore } from '@sniff/shell-sdk';
import { AuthChecking } from '../auth/AuthChecking';
import { PublicPlatform } from '../auth/PublicPlatform';
import { RemoteLoaderContext, RemotePage } from '../remotes/RemotePage';
import type { RemoteLoader } from '../remotes/loader';
import type { RuntimeConfig } from '../shared/config';
import { PUBLIC_REMOTE } from './routes';
import { ErrorBoundary } from './ErrorScreen';

interface AppProps {
  config: RuntimeConfig;
  store: SniffStore;
  inject: (part: Injectable) => void;
  loadRemote: RemoteLoader;
}

/** The dashboard's chunk (Auth0, platform bridge, layout); fetched early when the page is a dashboard page. */
export const loadDashboard = () => import('./DashboardApp');

const isDashboardPath = (path: string) => path === '/dashboard' || path.startsWith('/dashboard/');

/**
 * Whether the browser loaded this document as a dashboard page. The gateway gives the dashboard's
 * page its own Content-Security-Policy (it may load Stripe.js; public pages may not), so a
 * client-side link from a public page into the dashboard loads the dashboard as a page of its own.
 */
const servedAsDashboard = typeof window !== 'undefined' && isDashboardPath(window.location.pathname);

function LoadAsPage() {
  useEffect(() => window.location.reload(), []);
  return <AuthChecking />;
}

/**
 * The declarative router (BrowserRouter), not a data router: nothing here uses loaders or actions,
 * and the data router cost 13 kB of compressed JavaScript on every page. The pre-renderer renders the
 * public page in the same tree (mfe-marketing/src/prerender/render.tsx), so hydration matches.
 */
export function App({ config, store, inject, loadRemote }: AppProps) {
  // The shared data's API and the shell's own join the store as the dashboard's code arrives, before
  // its first query (and before any remote's page, which reads the shared data).
  const Dashboard = useMemo(
    () =>
      lazy(() =>
        loadDashboard().then(({ DashboardApp, dashboardApis }) => {
          dashboardApis.forEach(inject);
          return { default: DashboardApp };
        }),
      ),
    [inject],
  );
  return (
    <Provider store={store}>
      <RemoteLoaderContext.Provider value={loadRemote}>
        <BrowserRouter>
          <ErrorBoundary>
            <Routes>
              <Route
                path="/dashboard/*"
                element={
                  servedAsDashboard ? (
                    <Suspense fallback={<AuthChecking />}>
                      <Dashboard config={config} inject={inject} />
                    </Suspense>
                  ) : (
                    <LoadAsPage />
                  )
                }
              />
              <Route
                path="*"
                element={
                  <PublicPlatform config={config} inject={inject}>
                    <RemotePage {...PUBLIC_REMOTE} />
                  </PublicPlatform>
                }
              />
            </Routes>
          </ErrorBoundary>
        </BrowserRouter>
      </RemoteLoaderContext.Provider>
    </Provider>
  );
}
