import { act, type ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { noteServerForms } from '../lib/changed-before-hydration';

/**
 * Unit tests of a component hydrated from the server's HTML, as the browser does it (run in
 * happy-dom: `// @vitest-environment happy-dom`, with IS_REACT_ACT_ENVIRONMENT set).
 */

/** The server's page in the document, as the browser has it before the page's code runs. */
export function serverPage(element: ReactElement): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(element);
  document.body.append(container);
  // As a browser parses it: a select with no option marked shows its first (happy-dom, none).
  for (const select of container.querySelectorAll('select')) if (select.selectedIndex < 0) select.selectedIndex = 0;
  return container;
}

/** Hydrates the server's page as app/start.tsx does, its forms noted first. */
export function hydrateServerPage(container: HTMLElement, element: ReactElement): Root {
  noteServerForms();
  let root: Root | undefined;
  act(() => {
    root = hydrateRoot(container, element);
  });
  return root as Root;
}

/** As a key press does: the value through the element's own setter (React's tracker sees the change), then input. */
export function typeInto(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  act(() => {
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
