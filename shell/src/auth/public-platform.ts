import { unavailablePayments, type Injectable, type Platform, type Theme } from '@sniff/shell-sdk';
import type { RuntimeConfig } from '../shared/config';

interface Options {
  config: RuntimeConfig;
  inject: (part: Injectable) => void;
  theme: Theme;
  setTheme: (theme: Theme) => void;
  navigate: (path: string) => void;
}

/** Signing in or out loads the Auth0 client on demand (sign-in.ts, its own chunk). */
function withAuth0Client(use: (auth: typeof import('./sign-in')) => Promise<void>): void {
  import('./sign-in')
    .then(use)
    .catch((error: unknown) => console.error('Sniff could not reach the sign-in service', error));
}

/**
 * The platform of the public pages: a visitor, not signed in. Sign-in and sign-up redirect to the
 * identity provider as on the dashboard; the Auth0 SDK is fetched only then.
 */
export function createPublicPlatform({ config, inject, theme, setTheme, navigate }: Options): Platform {
  return {
    getAccessToken: () => Promise.reject(new Error('Not signed in')),
    user: null,
    plans: null,
    plansError: null,
    theme,
    setTheme,
    navigate,
    // Public pages load no declarations: the public site links into the dashboard by URL.
    resolveDestination: () => null,
    // Public pages never load the payment provider (nor allow its script in their policy).
    payments: unavailablePayments(),
    apiBaseUrl: config.apiBaseUrl,
    widgetHost: config.widgetHost,
    inject,
    signIn: (options) => withAuth0Client((auth) => auth.signIn(config, options)),
    signOut: () => withAuth0Client((auth) => auth.signOut(config)),
  };
}
