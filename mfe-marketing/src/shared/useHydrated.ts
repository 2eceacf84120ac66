import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while rendering on the server and during hydration, true afterwards. Lets markup that
 * depends on the browser (the current theme) match the pre-rendered HTML first and update after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
