/**
 * What a visitor typed or picked into the server's page before its code arrived. Hydration
 * keeps such values in the fields (React does not overwrite them) but the components do not
 * know of them, so a form reads them once it is live.
 *
 * The forms of the server's page are noted just before hydration: hydration adopts those very
 * elements, while a form the browser renders itself (after a move inside the site) is a new one
 * and holds nothing typed beforehand. Asking React instead (useSyncExternalStore with a
 * server snapshot) made it render every such form a second time, synchronously, right after
 * hydrating the page: work a slow phone felt as a freeze.
 */
const serverForms = new WeakSet<HTMLFormElement>();

/** app/start.tsx, before hydrating the server's page. */
export function noteServerForms(): void {
  for (const form of document.forms) serverForms.add(form);
}

/**
 * Whether this is the server's form and holds input made before hydration. Answers for a form
 * once: after that, what it holds is the component's to know.
 */
export function takeChangedBeforeHydration(form: HTMLFormElement): boolean {
  return serverForms.delete(form) && changedBeforeHydration(form);
}

/** Whether a form's fields differ from the values the server's markup gave them. */
function changedBeforeHydration(form: HTMLFormElement): boolean {
  for (const element of form.elements) {
    if (element instanceof HTMLSelectElement) {
      // The option the server marked `selected`, or the first one when none is.
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
