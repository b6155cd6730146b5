import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { type ReactElement, type ReactNode, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach } from 'vitest';
// Every catalog, as the server renderer has them (the browser loads the page's language only).
import '#shared/i18n';
import { type PageForms, PUBLIC_LAYOUT_ROUTE } from '#shared/page-forms';
import { LocaleProvider } from '#web/i18n/locale-provider';
import { noteServerForms } from '#web/lib/changed-before-hydration';

/**
 * Unit tests of a component hydrated from the server's HTML, as the browser does it (in
 * happy-dom: `// @vitest-environment happy-dom`), with Testing Library: every root is
 * unmounted, and its container removed, after each test.
 */
afterEach(cleanup);

/**
 * What a public page gives its parts: English texts, a query cache, the router at `address`,
 * and what the forms' actions answered (as the public layout's loader hands it on).
 */
export function PageProviders({
  address,
  forms = {},
  children,
}: {
  address: string;
  forms?: PageForms;
  children: ReactNode;
}) {
  const [router] = useState(() =>
    createMemoryRouter(
      [{ id: PUBLIC_LAYOUT_ROUTE, loader: () => forms, children: [{ path: '*', element: children }] }],
      { initialEntries: [address], hydrationData: { loaderData: { [PUBLIC_LAYOUT_ROUTE]: forms } } },
    ),
  );
  return (
    <LocaleProvider initialLocale="en">
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </LocaleProvider>
  );
}

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
export function hydrateServerPage(container: HTMLElement, element: ReactElement): void {
  noteServerForms();
  render(element, { container, hydrate: true });
}

/** Renders in the browser alone, as after a move inside the site. */
export function renderInBrowser(element: ReactElement): HTMLElement {
  return render(element).container;
}

/** As a key press does: the new value, then an input event (Testing Library sets it as React expects). */
export function typeInto(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  fireEvent.input(field, { target: { value } });
}
