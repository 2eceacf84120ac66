// The signed-in part of the shell, its own chunk: Auth0 (with the silent session check on load),
// the payment provider (Stripe.js, on the pages that take payments), the platform bridge, the owner's plans (the shared
// data's API) and the dashboard. Public pages never load it.
// First: zod is configured before any schema parses.
import '../shared/zod-without-eval';
import { Auth0Provider, type AppState } from '@auth0/auth0-react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Injectable } from '@sniff/shell-sdk';
import { auth0Options } from '../auth/auth0-options';
import { PlatformBridge } from '../auth/PlatformBridge';
import { pageFor } from '../navigation/navigation';
import { NavigationProvider, useNavigation } from '../navigation/NavigationProvider';
import { PaymentsRoot } from '../payments/PaymentsRoot';
import { RemoteUpdates } from '../remotes/RemoteUpdates';
import type { RuntimeConfig } from '../shared/config';
import { DashboardRoutes } from './DashboardRoutes';

export { dashboardApis } from '../auth/shellApi';

/** Payments for the dashboard: Stripe.js is loaded (once) when the page shown takes payments, as its declaration says. */
function Payments({ config, children }: Omit<Parameters<typeof PaymentsRoot>[0], 'needed'>) {
  const { navigation } = useNavigation();
  const { pathname } = useLocation();
  const needed = !!navigation && pageFor(navigation, pathname)?.payments === true;
  return (
    <PaymentsRoot config={config} needed={needed}>
      {children}
    </PaymentsRoot>
  );
}

export function DashboardApp({ config, inject }: { config: RuntimeConfig; inject: (part: Injectable) => void }) {
  const navigate = useNavigate();
  return (
    <Auth0Provider
      {...auth0Options(config)}
      onRedirectCallback={(appState?: AppState) => navigate(appState?.returnTo ?? '/dashboard', { replace: true })}
    >
      <RemoteUpdates />
      <NavigationProvider>
        <Payments config={config.stripe}>
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
        </Payments>
      </NavigationProvider>
    </Auth0Provider>
  );
}
