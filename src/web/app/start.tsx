import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { releaseWaitingParts, startHydration } from '#web/components/ui/hydrate-later';
import { loadMessages } from '#web/i18n/load-messages';
import { initialLocale } from '#web/i18n/locale-storage';
import { noteServerForms } from '#web/lib/changed-before-hydration';
import { App } from './app';
import { routes } from './routes';
import { readServerState } from './server-state';

// The server's head carries the page's title and description; React renders its own (and
// hoists them), so the server's description goes to keep exactly one. The title stays: React
// takes the head's first <title> over as its own, and the tab would show none until it does.
for (const element of document.head.querySelectorAll('meta[name="description"]')) element.remove();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const container = root;
const state = readServerState();
const locale = initialLocale();

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

function app(router: ReturnType<typeof createBrowserRouter>) {
  return (
    <StrictMode>
      <App queryState={state?.queries} locale={locale} origin={state?.origin ?? window.location.origin}>
        <RouterProvider router={router} />
      </App>
    </StrictMode>
  );
}

/**
 * Whether the document holds the server's page for the address it now shows. Back or Forward
 * within the page can change the address before its code runs: the server's page is then of
 * another address, which hydration would take for this one, so the browser renders it afresh.
 */
const holdsServerPage = () =>
  Boolean(state && container.firstElementChild) &&
  (state?.address === undefined || state.address === `${window.location.pathname}${window.location.search}`);

/** Loads the page's code, then hydrates the server's page (or renders the bare shell). */
export async function startApp(yieldToBrowser: () => Promise<void>) {
  // The page's code, and its language's texts when not English, are loaded before the first
  // render: hydration must render what the server did, and a fresh render then shows the page
  // at once rather than an empty frame.
  // Only the page's language is loaded; English too for the bare shell (the staff area's
  // public texts are English), or in place of texts that could not be fetched.
  const englishToo = locale !== 'en' && !holdsServerPage();
  const [pagesLoaded, messagesLoaded] = await Promise.all([
    loadMatchedPages().then(
      () => true,
      () => false, // the router tries again and shows its reload screen
    ),
    loadMessages(locale).then(
      () => true,
      () => false, // rendered afresh, English standing in for the missing texts
    ),
    englishToo ? loadMessages('en').catch(() => {}) : undefined,
  ]);
  if (!messagesLoaded) await loadMessages('en').catch(() => {});
  const loaded = pagesLoaded && messagesLoaded;
  await yieldToBrowser();
  const hydrating = loaded && holdsServerPage();
  // Hydrating, the router starts with the server's route data (what a form's action answered).
  const router = createBrowserRouter(routes, hydrating && state?.router ? { hydrationData: state.router } : {});
  router.subscribe(releaseWaitingParts);
  await yieldToBrowser();
  const element = app(router);
  // As a transition, React renders in slices and lets the browser respond in between.
  startTransition(() => {
    if (hydrating) {
      startHydration();
      noteServerForms();
      hydrateRoot(container, element);
    }
    // The bare shell (service worker, offline, staff area), or a page whose code failed.
    else createRoot(container).render(element);
  });
}
