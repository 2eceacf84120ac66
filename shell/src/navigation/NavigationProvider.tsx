import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { RemoteLoaderContext } from '../remotes/RemotePage';
import { SHELL_DECLARATION } from '../overview/declaration';
import { buildNavigation, type Navigation } from './navigation';

interface NavigationState {
  /** null until every remote's declaration has answered (or failed). */
  navigation: Navigation | null;
  /** Fetches the failed declarations again. */
  retry: () => void;
}

export const NavigationContext = createContext<NavigationState>({ navigation: null, retry: () => undefined });

export const useNavigation = (): NavigationState => useContext(NavigationContext);

/** Reads the remotes' declarations (the loader fetched them at start) and gives the dashboard its navigation. */
export function NavigationProvider({ children }: { children: ReactNode }) {
  const load = useContext(RemoteLoaderContext);
  const [navigation, setNavigation] = useState<Navigation | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    void load.declarations({ retry: attempt > 0 }).then((results) => {
      if (live) setNavigation(buildNavigation(SHELL_DECLARATION, results));
    });
    return () => {
      live = false;
    };
  }, [load, attempt]);

  // A remote that moved to another version (the registry) brings its new declaration.
  useEffect(() => load.subscribe?.(() => setAttempt((a) => a + 1)), [load]);

  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  return <NavigationContext.Provider value={{ navigation, retry }}>{children}</NavigationContext.Provider>;
}
