import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { App } from './app/app';
import { routes } from './app/routes';
import { readServerState } from './app/server-state';
import { registerServiceWorker } from './features/pwa/register-service-worker';
import './styles/index.css';

// The server's head carries the page's title and description; React renders its own (and
// hoists them), so the server's go to keep exactly one of each.
for (const element of document.head.querySelectorAll('title, meta[name="description"]')) element.remove();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const container = root;
const state = readServerState();

/** Loads the code of the pages the address matches and puts it into the routes. */
async function loadMatchedPages() {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

function app() {
  return (
    <StrictMode>
      <App queryState={state?.queries} origin={state?.origin ?? window.location.origin}>
        <RouterProvider router={createBrowserRouter(routes)} />
      </App>
    </StrictMode>
  );
}

const serverRendered = Boolean(state && container.firstElementChild);
// The page's code is loaded before the first render: hydration must render what the server
// did, and a fresh render then shows the page at once rather than an empty frame.
loadMatchedPages().then(
  () =>
    // As a transition, React works in slices and lets the browser respond in between: the
    // page stays responsive while it becomes interactive on a slow phone.
    startTransition(() => {
      if (serverRendered) hydrateRoot(container, app());
      // The bare shell (service worker, offline, staff area).
      else createRoot(container).render(app());
    }),
  // The page's code did not load: render afresh; the router tries again and shows its reload screen.
  () => startTransition(() => createRoot(container).render(app())),
);
registerServiceWorker();
