import { useId, type ReactNode } from 'react';
import { errorMessage } from '@sniff/shell-sdk';
import { Spinner } from '@sniff/ui';

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
  children,
}: {
  title: string;
  state: QueryState<T>;
  empty: string;
  refreshable?: boolean;
  children: (rows: T[]) => ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="analytics-panel">
      <header className="wizard-nav">
        <h2 id={id}>{title}</h2>
        {refreshable && (
          <button
            type="button"
            className="sniff-button sniff-button--secondary"
            disabled={state.isFetching}
            onClick={() => void state.refetch()}
          >
            Refresh
          </button>
        )}
      </header>
      {state.isLoading ? (
        <p>
          <Spinner label={`Loading ${title}`} />
        </p>
      ) : state.error ? (
        <div role="alert">
          <p className="sniff-error">{errorMessage(state.error)}</p>
          <button type="button" className="sniff-button" onClick={() => void state.refetch()}>
            Try again
          </button>
        </div>
      ) : !state.data?.length ? (
        <p className="sniff-muted">{empty}</p>
      ) : (
        children(state.data)
      )}
    </section>
  );
}
