import type { ReactNode } from 'react';
import { Button, Spinner } from '@sniff/ui';

/** A part of the page that loads on its own: loading, failed (with Try again) or its content. */
export function Loadable({
  what,
  isLoading,
  error,
  onRetry,
  children,
}: {
  /** "your plan", "usage", "invoices": said while loading and when failing. */
  what: string;
  isLoading: boolean;
  error: string | null;
  onRetry(): void;
  children: () => ReactNode;
}) {
  if (isLoading) {
    return (
      <p className="plan-muted">
        <Spinner label={`Loading ${what}`} /> Loading...
      </p>
    );
  }
  if (error !== null) {
    return (
      <div role="alert" className="billing-error">
        <p>
          Could not load {what}: {error}
        </p>
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  return <>{children()}</>;
}
