/** @jest-environment jsdom */
import { redirectOptions } from './auth0-options';

describe('redirectOptions', () => {
  it('asks the provider for its sign-up form and, from the public site, for a fresh login', () => {
    expect(redirectOptions({ signUp: true, returnTo: '/dashboard', forceLogin: true })).toEqual({
      appState: { returnTo: '/dashboard' },
      authorizationParams: { screen_hint: 'signup', prompt: 'login' },
    });
    expect(redirectOptions({ returnTo: '/dashboard', forceLogin: true }).authorizationParams).toEqual({
      prompt: 'login',
    });
  });

  it('lets the access gate reuse an existing session and returns to the page asked for', () => {
    window.history.pushState({}, '', '/dashboard/analytics');
    expect(redirectOptions()).toEqual({ appState: { returnTo: '/dashboard/analytics' }, authorizationParams: {} });
  });
});
