import { createContext, useContext, useEffect, useState, type ComponentType } from 'react';
import { ErrorPanel, Spinner } from '@sniff/ui';
import type { RemoteDefinition } from '@sniff/shell-sdk';
import type { RemoteLoader } from './loader';

export const RemoteLoaderContext = createContext<RemoteLoader>(
  Object.assign(() => Promise.reject(new Error('No remote loader: the shell did not provide one')), {
    declarations: () => Promise.resolve([]),
  }),
);

type State = { status: 'loading' } | { status: 'ready'; Page: ComponentType } | { status: 'failed'; message: string };

const LOADING: State = { status: 'loading' };

function readyState(definition: RemoteDefinition | undefined, remote: string, page: string): State | undefined {
  if (!definition) return undefined;
  const Page = definition.pages[page];
  return Page ? { status: 'ready', Page } : { status: 'failed', message: `${remote} has no page "${page}"` };
}

/** Renders one page of a remote; a remote that cannot load gets a panel, the shell keeps working. */
export function RemotePage({ remote, page }: { remote: string; page: string }) {
  const load = useContext(RemoteLoaderContext);
  const [attempt, setAttempt] = useState(0);
  // A remote loaded before the first render (a pre-rendered page) shows at once: no spinner, so
  // hydration finds the same markup the server wrote.
  const [state, setState] = useState<State>(() => readyState(load.loaded?.(remote), remote, page) ?? LOADING);

  useEffect(() => {
    const known = readyState(load.loaded?.(remote), remote, page);
    if (known) {
      setState((prev) =>
        prev.status === 'ready' && known.status === 'ready' && prev.Page === known.Page ? prev : known,
      );
      return;
    }
    let live = true;
    setState(LOADING);
    load(remote).then(
      (definition) => live && setState(readyState(definition, remote, page)!),
      (error: unknown) => {
        // The details are for developers (the console); the owner gets a plain explanation.
        console.error(`[sniff] ${remote} could not load:`, error);
        if (live) setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [load, remote, page, attempt]);

  if (state.status === 'loading') {
    return (
      <p>
        <Spinner label={`Loading ${remote}`} /> Loading...
      </p>
    );
  }
  if (state.status === 'failed') {
    return (
      <ErrorPanel title="This part of Sniff could not load" onRetry={() => setAttempt((a) => a + 1)}>
        <p>
          This page did not arrive, perhaps because the connection dropped or Sniff was being updated. The rest of Sniff
          still works; try again in a moment.
        </p>
      </ErrorPanel>
    );
  }
  const { Page } = state;
  return <Page />;
}
