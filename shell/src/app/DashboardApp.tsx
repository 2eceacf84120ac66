// The signed-in part of the shell, its own chunk: Auth0 (with the silent session check on load),
// the payment provider (Stripe.js), the platform bridge, the owner's plans (shellApi) and the
// dashboard. Public pages never load it.
// First: zod is configured before any schema parses.
import '../shared/zod-without-eval';
import { Auth0Provider, type AppState } from '@auth0/auth0-react';
import { useNavigate } from 'react-router-dom';
import type { Injectable } from '@sniff/shell-sdk';
import { auth0Options } from '../auth/auth0-options';
import { PlatformBridge } from '../auth/PlatformBridge';
import { NavigationProvider } from '../navigation/NavigationProvider';
import { PaymentsRoot } from '../payments/PaymentsRoot';
import type { RuntimeConfig } from '../shared/config';
import { DashboardRoutes } from './DashboardRoutes';

export { shellApi } from '../auth/shellApi';

export function DashboardApp({ config, inject }: { config: RuntimeConfig; inject: (part: Injectable) => void }) {
  const navigate = useNavigate();
  return (
    <Auth0Provider
      {...auth0Options(config)}
      onRedirectCallback={(appState?: AppState) => navigate(appState?.returnTo ?? '/dashboard', { replace: true })}
    >
      <NavigationProvider>
        <PaymentsRoot config={config.stripe}>
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
      </NavigationProvider>
    </Auth0Provider>
  );
}
