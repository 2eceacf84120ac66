// Loaded only when a visitor of a public page signs in or out: the public pages carry no Auth0 code
// until then. The redirect back lands on /dashboard, whose Auth0Provider completes the sign-in.
import { Auth0Client } from '@auth0/auth0-spa-js';
import type { RuntimeConfig } from '../shared/config';
import { auth0Options, redirectOptions, type SignInOptions } from './auth0-options';

export function signIn(config: RuntimeConfig, options?: SignInOptions): Promise<void> {
  return new Auth0Client(auth0Options(config)).loginWithRedirect(redirectOptions(options));
}

export function signOut(config: RuntimeConfig): Promise<void> {
  return new Auth0Client(auth0Options(config)).logout({ logoutParams: { returnTo: window.location.origin } });
}
