import { lazy, Suspense, useMemo } from 'react';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import type { Injectable, SniffStore } from '@sniff/shell-sdk';
import { AuthChecking } from '../auth/AuthChecking';
import { PublicPlatform } from '../auth/PublicPlatform';
import { RemoteLoaderContext, RemotePage } from '../remotes/RemotePage';
import type { RemoteLoader } from '../remotes/loader';
import type { RuntimeConfig } from '../shared/config';
import { PUBLIC_REMOTE } from './routes';
import { ErrorScreen } from './ErrorScreen';

interface AppProps {
  config: RuntimeConfig;
  store: SniffStore;
  inject: (part: Injectable) => void;
  loadRemote: RemoteLoader;
}

/** The dashboard's chunk (Auth0, platform bridge, layout); fetched early when the page is a dashboard page. */
export const loadDashboard = () => import('./DashboardApp');

export function App({ config, store, inject, loadRemote }: AppProps) {
  const router = useMemo(() => {
    // The shell's own API joins the store as the dashboard's code arrives, before its first query.
    const Dashboard = lazy(() =>
      loadDashboard().then(({ DashboardApp, shellApi }) => {
        inject(shellApi);
        return { default: DashboardApp };
      }),
    );
    return createBrowserRouter([
      {
        errorElement: <ErrorScreen />,
        children: [
          {
            path: '/dashboard/*',
            element: (
              <Suspense fallback={<AuthChecking />}>
                <Dashboard config={config} inject={inject} />
              </Suspense>
            ),
          },
          {
            path: '*',
            element: (
              <PublicPlatform config={config} inject={inject}>
                <RemotePage {...PUBLIC_REMOTE} />
              </PublicPlatform>
            ),
          },
        ],
      },
    ]);
  }, [config, inject]);
  return (
    <Provider store={store}>
      <RemoteLoaderContext.Provider value={loadRemote}>
        <RouterProvider router={router} />
      </RemoteLoaderContext.Provider>
    </Provider>
  );
}
