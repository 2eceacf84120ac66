import type { ReactNode } from 'react';
import { usePlatform } from '@sniff/shell-sdk';

/**
 * Login / Sign Up of the public site. A pre-rendered page shows these before its scripts have
 * run: the button then submits a plain form to /dashboard, whose access gate offers Sign In and
 * Create Account, so an early click is never lost. Once hydrated, the click starts sign-in
 * directly (with the provider's login prompt forced, and the sign-up hint for Sign Up).
 */
export function SignInButton({
  signUp = false,
  className,
  children,
}: {
  signUp?: boolean;
  className: string;
  children: ReactNode;
}) {
  const platform = usePlatform();
  return (
    <form action="/dashboard" method="get" className="site-inline-form">
      <button
        type="submit"
        className={className}
        onClick={(e) => {
          e.preventDefault();
          platform.signIn({ ...(signUp ? { signUp: true } : {}), returnTo: '/dashboard', forceLogin: true });
        }}
      >
        {children}
      </button>
    </form>
  );
}
