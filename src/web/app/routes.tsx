import { type ActionFunction, matchRoutes, type RouteObject, redirect } from 'react-router';
import { PUBLIC_LAYOUT_ROUTE } from '#shared/page-forms';
import { prefetchExchangeRates } from '#web/lib/currency';
import { formActionContext } from '#web/lib/page-forms';
import type { PageHandle, PageModule } from '#web/lib/page-prefetch';
import { prefetchSiteSettings } from '#web/lib/site-settings';
import { PublicLayout } from './layouts/public-layout';
import { RouteErrorBoundary } from './route-error-boundary';

/** Every page module a route loads, by its file under src/web (the key of Vite's build manifest). */
const PAGE_MODULES = Object.fromEntries(
  Object.entries(import.meta.glob<PageModule>(['../features/*/*-page.tsx', '../features/*/pages/*-page.tsx'])).map(
    ([file, load]) => [file.replace(/^\.\.\//, ''), load],
  ),
);
/** Every form action's module, by its file under src/web: each exports one `…Action`. */
const ACTION_MODULES = Object.fromEntries(
  Object.entries(import.meta.glob<Record<string, ActionFunction>>('../features/*/*-action.ts')).map(([file, load]) => [
    file.replace(/^\.\.\//, ''),
    load,
  ]),
);
/** The module files (page, action) a route's loader loads, which the server preloads with the page. */
const moduleFilesOf = new WeakMap<object, string[]>();
/** The route loaders of pages the server renders (the public ones). */
const serverRenderedPages = new WeakSet<object>();

/**
 * Loads a page module only when its route is visited, so each page is its own chunk. Public
 * pages are rendered on the server too; the staff area renders in the browser only. A page's
 * form action comes with it (in parallel): the code every page loads first holds no action.
 */
const page = (file: string, { serverRendered = true, action }: { serverRendered?: boolean; action?: string } = {}) => {
  const load = PAGE_MODULES[file];
  if (!load) throw new Error(`no page module ${file}`);
  const loadAction = action === undefined ? undefined : ACTION_MODULES[action];
  if (action !== undefined && !loadAction) throw new Error(`no action module ${action}`);
  const lazy = async () => {
    const [module, actionModule] = await Promise.all([load(), loadAction?.()]);
    const handle: PageHandle = { serverRendered, prefetch: module.prefetch };
    const pageAction = actionModule && Object.entries(actionModule).find(([name]) => name.endsWith('Action'))?.[1];
    return { Component: module.default, handle, ...(pageAction ? { action: pageAction } : {}) };
  };
  moduleFilesOf.set(lazy, action === undefined ? [file] : [file, action]);
  if (serverRendered) serverRenderedPages.add(lazy);
  return lazy;
};

/**
 * A form's action whose route has no page (the footer's sign-up, a results page's alert): its
 * code loaded when such a form is first sent.
 */
const actionOnUse =
  (load: () => Promise<ActionFunction>): ActionFunction =>
  async (args) =>
    (await load())(args);

const alertAction = actionOnUse(() => import('#web/features/listings/alert-action').then((m) => m.alertAction));
const newsletterAction = actionOnUse(() =>
  import('#web/features/newsletter/newsletter-action').then((m) => m.newsletterAction),
);

/**
 * A path that only sends the visitor on: the server answers it with an HTTP redirect (no
 * page to load first, on slow data or without script), the browser router by navigating.
 */
const redirectTo = (to: string, status: 301 | 302) => ({
  loader: () => redirect(to, status),
  HydrateFallback: () => null,
});

/** The app's routes, for the browser router and the server renderer alike. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorBoundary />,
    children: [
      {
        id: PUBLIC_LAYOUT_ROUTE,
        element: <PublicLayout />,
        // What a form's action left for the page after its redirect (a form posted without
        // script): read once, on the server; the browser has it from the server's page.
        loader: ({ context }) => formActionContext(context).flash?.take() ?? {},
        shouldRevalidate: () => false,
        // The footer and contact details come from the site settings, the header's note on a
        // currency without a rate from the rates: both loaded with every page.
        handle: {
          serverRendered: true,
          prefetch: (args) => Promise.all([prefetchSiteSettings(args), prefetchExchangeRates(args)]),
        } satisfies PageHandle,
        children: [
          { index: true, lazy: page('features/home/home-page.tsx') },
          { path: 'marketplace', lazy: page('features/listings/pages/marketplace-page.tsx') },
          { path: 'real-estate', lazy: page('features/listings/pages/real-estate-page.tsx') },
          { path: 'business-sales', lazy: page('features/listings/pages/business-sales-page.tsx') },
          { path: 'visa-assistance', lazy: page('features/listings/pages/visa-assistance-page.tsx') },
          {
            path: 'marketplace/:id',
            lazy: page('features/listings/pages/listing-detail-page.tsx', {
              action: 'features/listings/report-action.ts',
            }),
          },
          {
            path: 'real-estate/:id',
            lazy: page('features/listings/pages/listing-detail-page.tsx', {
              action: 'features/listings/report-action.ts',
            }),
          },
          {
            path: 'business-sales/:id',
            lazy: page('features/listings/pages/listing-detail-page.tsx', {
              action: 'features/listings/report-action.ts',
            }),
          },
          {
            path: 'visa-assistance/:id',
            lazy: page('features/listings/pages/listing-detail-page.tsx', {
              action: 'features/listings/report-action.ts',
            }),
          },
          { path: 'saved', lazy: page('features/listings/pages/saved-page.tsx') },
          { path: 'search', lazy: page('features/listings/pages/search-page.tsx') },
          { path: 'about', lazy: page('features/about/about-page.tsx') },
          { path: 'blog', lazy: page('features/blog/blog-page.tsx') },
          { path: 'blog/:slug', lazy: page('features/blog/blog-post-page.tsx') },
          {
            path: 'contact',
            lazy: page('features/contact/contact-page.tsx', { action: 'features/contact/contact-action.ts' }),
          },
          { path: 'sell', lazy: page('features/sell/sell-page.tsx', { action: 'features/sell/sell-action.ts' }) },
          {
            path: 'sell/edit',
            lazy: page('features/sell/sell-edit-page.tsx', { action: 'features/sell/sell-edit-action.ts' }),
          },
          { path: 'faq', lazy: page('features/static-pages/faq-page.tsx') },
          { path: 'terms', lazy: page('features/static-pages/terms-page.tsx') },
          { path: 'privacy', lazy: page('features/static-pages/privacy-page.tsx') },
          { path: 'safety', lazy: page('features/static-pages/safety-page.tsx') },
          // Offers named on the home page that visa assistance serves, for good.
          { path: 'ticketing', ...redirectTo('/visa-assistance', 301) },
          { path: 'cargo', ...redirectTo('/visa-assistance', 301) },
        ],
      },
      // The footer's sign-up posts here from any page: an action only, which answers where to go.
      { path: 'newsletter', action: newsletterAction, ...redirectTo('/', 302) },
      // A results page's "E-mail me new matches" posts here: an action only.
      { path: 'alerts', action: alertAction, ...redirectTo('/', 302) },
      { path: 'admin/*', lazy: page('features/admin/admin-page.tsx', { serverRendered: false }) },
      // Any other path (a mistyped or stale link) leads home.
      { path: '*', ...redirectTo('/', 302) },
    ],
  },
];

/**
 * The page modules (files under src/web) the routes matching a path load: the server preloads
 * their built code with the page's HTML, so the browser fetches it alongside the app's.
 */
export function pageModulesFor(pathname: string): string[] {
  return (matchRoutes(routes, pathname) ?? []).flatMap(({ route }) => {
    return (route.lazy && moduleFilesOf.get(route.lazy)) ?? [];
  });
}

/**
 * The pattern of the public page a path shows ('/marketplace', '/blog/:slug'), or undefined
 * for the staff area, redirects and unknown paths: how the server names a page in its
 * metrics and which pages its cache may keep, from this one table.
 */
export function pagePatternFor(pathname: string): string | undefined {
  const matches = matchRoutes(routes, pathname) ?? [];
  const leaf = matches.at(-1)?.route;
  if (!leaf?.lazy || !serverRenderedPages.has(leaf.lazy)) return undefined;
  return `/${matches.flatMap(({ route }) => (route.path ? [route.path] : [])).join('/')}`;
}

/**
 * Every path pattern of the table ('/', '/blog/:slug', '/admin/*', and '/*' for any other
 * address): the server registers each as a route of its own.
 */
export function routePaths(): string[] {
  const paths: string[] = [];
  const walk = (children: RouteObject[], prefix: string) => {
    for (const route of children) {
      const path = route.path ? `${prefix}/${route.path}` : prefix;
      if (route.children) walk(route.children, path);
      else paths.push(path || '/');
    }
  };
  walk(routes, '');
  return paths;
}
