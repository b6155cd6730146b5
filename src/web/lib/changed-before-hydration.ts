import { useSyncExternalStore } from 'react';

/**
 * Whether a server-rendered form holds what the visitor typed or picked before the page's code
 * arrived: hydration keeps such values in the fields (React does not overwrite them) but the
 * components do not know of them, so a form reads them once it is live. Only meaningful on
 * the server's markup, whose options carry `selected` (see useHydrating).
 */
export function changedBeforeHydration(form: HTMLFormElement): boolean {
  for (const element of form.elements) {
    if (element instanceof HTMLSelectElement) {
      // The option the server marked, or the first one when none is.
      const initial = Math.max(
        0,
        [...element.options].findIndex((option) => option.defaultSelected),
      );
      if (element.selectedIndex !== initial) return true;
    } else if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
      if (element.type !== 'hidden' && element.value !== element.defaultValue) return true;
    }
  }
  return false;
}

const subscribe = () => () => {};

/**
 * True while a render hydrates the server's HTML, false in a render of the browser's own (a
 * move inside the site), where the fields hold nothing the visitor typed beforehand.
 */
export function useHydrating(): boolean {
  return !useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
