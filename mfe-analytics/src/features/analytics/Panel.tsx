import { useId, type ReactNode } from 'react';
import { Button, Spinner } from '@sniff/ui';
import { panelError } from './errors';

interface QueryState<T> {
  data?: T[];
  error?: unknown;
  isLoading: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/** One analytics panel: a labelled region with loading, error (message + Try again) and data states. */
export function Panel<T>({
  title,
  state,
  empty,
  refreshable,
  onExport,
  children,
}: {
  title: string;
  state: QueryState<T>;
  empty: string;
  refreshable?: boolean;
  /** Saves the panel's rows as CSV (shown once there are rows). */
  onExport?: (rows: T[]) => void;
  children: (rows: T[]) => ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="analytics-panel">
      <header className="wizard-nav">
        <h2 id={id}>{title}</h2>
        <div className="analytics-panel-actions">
          {onExport && !!state.data?.length && (
            <Button variant="secondary" onClick={() => onExport(state.data!)} aria-label={`Export CSV of ${title}`}>
              Export CSV
            </Button>
          )}
          {refreshable && (
            <Button variant="secondary" disabled={state.isFetching} onClick={() => void state.refetch()}>
              Refresh
            </Button>
          )}
        </div>
      </header>
      {state.isLoading ? (
        <p>
          <Spinner label={`Loading ${title}`} />
        </p>
      ) : state.error ? (
        <div role="alert">
          <p className="sniff-error">{panelError(title, state.error)}</p>
          <Button onClick={() => void state.refetch()}>Try again</Button>
        </div>
      ) : !state.data?.length ? (
        <p className="sniff-muted">{empty}</p>
      ) : (
        children(state.data)
      )}
    </section>
  );
}
