import { Auth0Provider, type AppState } from '@auth0/auth0-react';
import { useMemo } from 'react';
import { Provider } from 'react-redux';
import { createBrowserRouter, Navigate, Outlet, Route, RouterProvider, Routes, useNavigate } from 'react-router-dom';
import type { Injectable, SniffStore } from '@sniff/shell-sdk';
import { AccessGate } from '../auth/AccessGate';
import { PlatformBridge } from '../auth/PlatformBridge';
import { DashboardLayout } from '../layout/DashboardLayout';
import { OverviewPage } from '../overview/OverviewPage';
import { RemoteLoaderContext, RemotePage } from '../remotes/RemotePage';
import type { RemoteLoader } from '../remotes/loader';
import type { RuntimeConfig } from '../shared/config';
import { DASHBOARD_ROUTES, PUBLIC_REMOTE } from './routes';
import { ErrorScreen } from './ErrorScreen';

interface AppProps {
  config: RuntimeConfig;
  store: SniffStore;
  inject: (part: Injectable) => void;
  loadRemote: RemoteLoader;
}

/** The dashboard's routes; any other /dashboard/* path goes back to /dashboard. */
export function DashboardRoutes() {
  return (
    <AccessGate>
      <DashboardLayout>
        <Routes>
          <Route index element={<OverviewPage />} />
          {DASHBOARD_ROUTES.filter((r) => r.remote).map((r) => (
            <Route key={r.path} path={`${r.path}/*`} element={<RemotePage remote={r.remote!} page={r.path} />} />
          ))}
          <Route path="*" element={<Navigate to="/dashboard" replace />} />
        </Routes>
      </DashboardLayout>
    </AccessGate>
  );
}

function Root({ config, inject }: Pick<AppProps, 'config' | 'inject'>) {
  const navigate = useNavigate();
  return (
    <Auth0Provider
      domain={config.auth.domain}
      clientId={config.auth.clientId}
      authorizationParams={{
        audience: config.auth.audience,
        redirect_uri: `${window.location.origin}/dashboard`,
        scope: 'openid profile email offline_access',
      }}
      useRefreshTokens
      cacheLocation="localstorage"
      onRedirectCallback={(appState?: AppState) => navigate(appState?.returnTo ?? '/dashboard', { replace: true })}
    >
      <PlatformBridge apiBaseUrl={config.apiBaseUrl} widgetHost={config.widgetHost} inject={inject}>
        <Outlet />
      </PlatformBridge>
    </Auth0Provider>
  );
}

export function App({ config, store, inject, loadRemote }: AppProps) {
  const router = useMemo(
    () =>
      createBrowserRouter([
        {
          element: <Root config={config} inject={inject} />,
          errorElement: <ErrorScreen />,
          children: [
            { path: '/dashboard/*', element: <DashboardRoutes /> },
            { path: '*', element: <RemotePage {...PUBLIC_REMOTE} /> },
          ],
        },
      ]),
    [config, inject],
  );
  return (
    <Provider store={store}>
      <RemoteLoaderContext.Provider value={loadRemote}>
        <RouterProvider router={router} />
      </RemoteLoaderContext.Provider>
    </Provider>
  );
}
