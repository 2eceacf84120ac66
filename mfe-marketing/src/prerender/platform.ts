import { unavailablePayments, type Platform } from '@sniff/shell-sdk';
import { PUBLIC_ORIGIN } from '../shared/public-page';

/**
 * The platform pages see while being pre-rendered: a signed-out visitor in the light theme, as the
 * shell's first (hydration) render sees them. Nothing here may run at build time, so every action
 * is refused loudly instead of silently doing nothing.
 */
export function createPrerenderPlatform(inject: Platform['inject']): Platform {
  const notAtBuildTime = (what: string) => () => {
    throw new Error(`${what} is not available while pre-rendering`);
  };
  return {
    getAccessToken: () => Promise.reject(new Error('Not signed in')),
    user: null,
    plans: null,
    plansError: null,
    theme: 'light',
    setTheme: notAtBuildTime('setTheme'),
    navigate: notAtBuildTime('navigate'),
    // The public site links into the dashboard by URL (its pages are also plain HTML); no destinations.
    resolveDestination: () => null,
    payments: unavailablePayments(),
    apiBaseUrl: '/api',
    widgetHost: PUBLIC_ORIGIN,
    inject,
    signIn: notAtBuildTime('signIn'),
    signOut: notAtBuildTime('signOut'),
  };
}
