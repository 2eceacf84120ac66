import type { ReactNode } from 'react';
import { useAuth0 } from '@auth0/auth0-react';
import { useLocation } from 'react-router-dom';
import { usePlatform } from '@sniff/shell-sdk';
import { Button } from '@sniff/ui';
import { AuthChecking } from './AuthChecking';

/** The dashboard is for signed-in owners; after sign-in they return to the page they wanted. */
export function AccessGate({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated, error } = useAuth0();
  const platform = usePlatform();
  const location = useLocation();
  const returnTo = location.pathname + location.search;

  if (isLoading) return <AuthChecking />;
  if (!isAuthenticated) {
    return (
      <main className="gate">
        <h1>Access Restricted</h1>
        <p>Please sign in to use the Sniff dashboard.</p>
        {error && (
          <p role="alert" className="gate-error">
            Sign-in failed: {error.message}
          </p>
        )}
        <div className="gate-actions">
          <Button onClick={() => platform.signIn({ returnTo })}>Sign In</Button>
          <Button variant="secondary" onClick={() => platform.signIn({ signUp: true, returnTo })}>
            Create Account
          </Button>
        </div>
        <p className="gate-hint">Don&apos;t have an account? Sign up to get started with your 3-day free trial.</p>
      </main>
    );
  }
  return <>{children}</>;
}
