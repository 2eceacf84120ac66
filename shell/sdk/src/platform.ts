import { useSyncExternalStore } from 'react';
import type { Middleware, Reducer } from '@reduxjs/toolkit';
import type { PlanEntry } from '@sniff/contracts';

export interface SniffUser {
  sub: string;
  name: string;
  email: string;
}

export type Theme = 'light' | 'dark';

/** What a remote needs to inject its state into the shell's Redux store. */
export interface Injectable {
  reducerPath: string;
  reducer: Reducer;
  middleware?: Middleware;
}

/**
 * The card payment provider (Stripe), loaded once by the shell at the dashboard's root. Remotes never
 * import Stripe: they read whether it is ready and hand it the checkout session's URL.
 */
export interface Payments {
  /** 'unavailable': no publishable key configured, the provider's script failed, or not on the dashboard. */
  status: 'loading' | 'ready' | 'unavailable';
  /** Why payments are unavailable, for the logs and the curious; null otherwise. */
  error: string | null;
  /** Leaves Sniff for the provider's hosted checkout page (the URL from stripe/checkout-session). */
  goToCheckout(url: string): void;
}

/** Payments where there are none (public pages, pre-rendering, standalone runs). */
export function unavailablePayments(error = 'Payments are only available on the dashboard'): Payments {
  return { status: 'unavailable', error, goToCheckout: () => undefined };
}

export interface Platform {
  /** Bearer token for /api calls; rejects when the owner is signed out. */
  getAccessToken(): Promise<string>;
  user: SniffUser | null;
  /** Plans from billing's info/user; null while loading. */
  plans: PlanEntry[] | null;
  plansError: string | null;
  theme: Theme;
  setTheme(theme: Theme): void;
  navigate(path: string): void;
  /**
   * The dashboard path of a named destination ("billing.subscribe"), from the remotes' declarations;
   * null when no deployed remote declares it. Read through useDestination / DestinationLink / useGoTo.
   */
  resolveDestination(name: string): string | null;
  payments: Payments;
  /** Base URL of the API, e.g. "/api" (same origin as the shell). */
  apiBaseUrl: string;
  /** Origin that serves /widget/* and /v1/* for embed snippets and previews. */
  widgetHost: string;
  /** Adds a slice or an RTK Query api (reducer and middleware) to the shell's store. */
  inject(part: Injectable): void;
  /** Signs the owner out (back to the site origin). */
  signOut(): void;
  /**
   * Starts sign-in; `signUp` opens the provider's sign-up form; `forceLogin` asks the provider to
   * show its login form even when a session exists (the public site's Login and Sign Up).
   */
  signIn(options?: { signUp?: boolean; returnTo?: string; forceLogin?: boolean }): void;
}

let current: Platform | null = null;
const listeners = new Set<() => void>();

/** Called by the shell (or a remote's standalone stub) whenever the platform changes. */
export function registerPlatform(platform: Platform): void {
  current = platform;
  listeners.forEach((l) => l());
}

export function getPlatform(): Platform {
  if (!current) throw new Error('Sniff platform is not registered: the shell must call registerPlatform first');
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current platform; re-renders when the shell registers a new one (user, plans, theme changes). */
export function usePlatform(): Platform {
  return useSyncExternalStore(subscribe, getPlatform, getPlatform);
}

export const useUser = (): SniffUser | null => usePlatform().user;
export const usePlans = (): PlanEntry[] | null => usePlatform().plans;
export const useTheme = (): Theme => usePlatform().theme;
export const usePayments = (): Payments => usePlatform().payments;
