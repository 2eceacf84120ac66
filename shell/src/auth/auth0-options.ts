import type { Auth0ClientOptions } from '@auth0/auth0-spa-js';
import type { RuntimeConfig } from '../shared/config';

/**
 * The one Auth0 client configuration: the dashboard's Auth0Provider and the public pages' sign-in
 * redirect both use it, so a sign-in started on a public page is completed by the dashboard
 * (same client, audience, redirect URI and token storage).
 */
export function auth0Options(config: RuntimeConfig, origin = window.location.origin): Auth0ClientOptions {
  return {
    domain: config.auth.domain,
    clientId: config.auth.clientId,
    authorizationParams: {
      audience: config.auth.audience,
      redirect_uri: `${origin}/dashboard`,
      scope: 'openid profile email offline_access',
    },
    useRefreshTokens: true,
    cacheLocation: 'localstorage',
  };
}

export interface SignInOptions {
  signUp?: boolean;
  returnTo?: string;
  forceLogin?: boolean;
}

/**
 * What loginWithRedirect gets for the platform's signIn: where to return, the sign-up hint and,
 * from the public site, the forced login prompt.
 */
export function redirectOptions({ signUp, returnTo, forceLogin }: SignInOptions = {}) {
  return {
    appState: { returnTo: returnTo ?? window.location.pathname },
    authorizationParams: {
      ...(signUp ? { screen_hint: 'signup' } : {}),
      ...(forceLogin ? { prompt: 'login' as const } : {}),
    },
  };
}
