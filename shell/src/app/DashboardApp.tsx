// The signed-in part of the shell, its own chunk: Auth0 (with the silent session check on load),
// the payment provider (Stripe.js, on the pages that take payments), the platform bridge, the owner's plans (shellApi) and the
// dashboard. Public pages never load it.
// First: zod is configured before any schema parses.
import '../shared/zod-without-eval';
import { Auth0Provider, type AppState } from '@auth0/auth0-react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Injectable } from '@sniff/shell-sdk';
import { auth0Options } from '../auth/auth0-options';
import { PlatformBridge } from '../auth/PlatformBridge';
import { PaymentsRoot } from '../payments/PaymentsRoot';
import type { RuntimeConfig } from '../shared/config';
import { DashboardRoutes } from './DashboardRoutes';
import { routeFor } from './routes';

export { shellApi } from '../auth/shellApi';

export function DashboardApp({ config, inject }: { config: RuntimeConfig; inject: (part: Injectable) => void }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <Auth0Provider
      {...auth0Options(config)}
      onRedirectCallback={(appState?: AppState) => navigate(appState?.returnTo ?? '/dashboard', { replace: true })}
    >
      <PaymentsRoot config={config.stripe} needed={routeFor(pathname).payments === true}>
        {(payments) => (
          <PlatformBridge
            apiBaseUrl={config.apiBaseUrl}
            widgetHost={config.widgetHost}
            inject={inject}
            payments={payments}
          >
            <DashboardRoutes />
          </PlatformBridge>
        )}
      </PaymentsRoot>
    </Auth0Provider>
  );
}
