import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the server's HTML and while it hydrates, true once the page's code runs. A form
 * keeps its submit button disabled until then: a native submit would put its fields into
 * the address bar.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
