import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the page is prerendered (the build's server render) and while the browser hydrates
 * that HTML; true afterwards and in a page rendered by the browser alone. Whatever the browser
 * alone knows (the query string, whether the page is framed) is read only when this is true, so
 * the first render in the browser matches the prerendered HTML and the page updates right after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
