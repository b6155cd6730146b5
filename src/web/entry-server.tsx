// Server rendering of public pages: the server (src/server/plugins/web-app.ts) imports the
// build of this file and calls `render` for each page request. The browser then hydrates the
// HTML (src/web/app/start.tsx), so a visitor on slow data sees the page before its code arrives.
// The server renders any page in any language: every catalog, registered (the browser loads
// only what a page needs, decision 0063).
import '#shared/i18n';
import { dehydrate } from '@tanstack/react-query';
import { LRUCache } from 'lru-cache';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { type PageForms, PUBLIC_LAYOUT_ROUTE } from '#shared/page-forms';
import type { PageModulesFor, PagePatternFor, PageSummary, RenderPage } from '#shared/page-rendering';
import type { PublicReads } from '#shared/public-reads';
import { requestUrl } from '#shared/request-url';
import { App } from '#web/app/app';
import { createQueryClient } from '#web/app/providers';
import { pageModulesFor, pagePatternFor, routePaths, routes } from '#web/app/routes';
import { serializeServerState } from '#web/app/server-state';
import { PageSummaryContext } from '#web/components/page-meta';
import { ApiError } from '#web/lib/api-client';
import type { PageHandle } from '#web/lib/page-prefetch';

// React writes hoisted tags (<title>, <meta>, <link>) ahead of the markup.
const LEADING_HEAD_TAGS = /^(?:<title>[^<]*<\/title>|<meta [^>]*>|<link [^>]*>)+/;

const handler = createStaticHandler(routes);

/**
 * Remembers a route-table answer per path: react-router flattens and ranks the whole table on
 * every match, which took a fifth of the server's CPU under load (the page cache and the
 * metrics ask for each request).
 */
function perPath<T>(answer: (pathname: string) => T): (pathname: string) => T {
  const answers = new LRUCache<string, { value: T }>({ max: 2_000 });
  return (pathname) => {
    let known = answers.get(pathname);
    if (!known) {
      known = { value: answer(pathname) };
      answers.set(pathname, known);
    }
    return known.value;
  };
}

/** Which page modules a path needs, from the one route table (the server preloads their code). */
export const pageModules: PageModulesFor = perPath(pageModulesFor);

/** The public page pattern of a path, from the same table (the server's metrics and page cache). */
export const pagePattern: PagePatternFor = perPath(pagePatternFor);

/** The table's path patterns, each a route of the server's. */
export const pagePaths: string[] = routePaths();

/**
 * The server's reads, failing as the API would in the browser: a refusal (a 4xx) is an
 * ApiError, so the page shows the same state on both sides.
 */
function refusalsAsApiErrors(reads: PublicReads): PublicReads {
  const wrapped = Object.entries(reads).map(([name, read]) => [
    name,
    async (...args: unknown[]) => {
      try {
        return await (read as (...a: unknown[]) => Promise<unknown>)(...args);
      } catch (error) {
        const status = (error as { statusCode?: unknown }).statusCode;
        if (typeof status === 'number' && status >= 400 && status < 500) {
          throw new ApiError(status, (error as Error).message);
        }
        throw error;
      }
    },
  ]);
  return Object.fromEntries(wrapped) as unknown as PublicReads;
}

/**
 * Renders one page with its data, or answers where a path leads on (an alias, an unknown
 * path). Returns null when the page is better left to the browser: the staff area, or data
 * that failed to load (the browser shows its own loading and error states for those).
 */
export const render: RenderPage = async (request) => {
  const url = requestUrl(request.origin, request.url);
  const posted = request.formBody !== undefined;
  const context = await handler.query(
    posted
      ? new Request(url, {
          method: 'POST',
          // A FormData body sets its own multipart type.
          ...(typeof request.formBody === 'string'
            ? { headers: { 'content-type': 'application/x-www-form-urlencoded' } }
            : {}),
          body: request.formBody,
        })
      : new Request(url),
    { requestContext: request.forms },
  );
  if (context instanceof Response) {
    // A route that only leads on (redirectTo in routes.tsx), or a form's action that did its work.
    const location = context.headers.get('Location');
    const status = context.status === 301 || context.status === 303 ? context.status : 302;
    return location && context.status >= 300 && context.status < 400 ? { redirect: location, status } : null;
  }
  if (context.errors) {
    // A form's action that failed is the server's to answer (its error page), not the browser's.
    const [failure] = Object.values(context.errors);
    if (posted && context.actionData === null) throw failure;
    return null;
  }
  const handles = context.matches.map((match) => match.route.handle as PageHandle | undefined);
  if (!handles.at(-1)?.serverRendered) return null;

  const queryClient = createQueryClient({ forServer: true });
  let redirect: string | null = null;
  await Promise.all(
    context.matches.map((match, index) =>
      handles[index]?.prefetch?.({
        queryClient,
        reads: refusalsAsApiErrors(request.reads),
        params: match.params,
        url,
        locale: request.locale,
        redirect: (to) => {
          redirect = to;
        },
      }),
    ),
  );
  if (redirect !== null) return { redirect };
  // A read refused (a listing not found) is rendered as the page says it (its not-found state);
  // any other failure (the database unavailable) is the server's to answer.
  const failed = queryClient
    .getQueryCache()
    .getAll()
    .find((query) => query.state.status !== 'success' && !(query.state.error instanceof ApiError));
  if (failed) throw failed.state.error ?? new Error('a page read did not finish');

  const summary: PageSummary = {};
  const markup = renderToString(
    <PageSummaryContext.Provider value={summary}>
      <App queryClient={queryClient} locale={request.locale} currency={request.currency} origin={request.origin}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </App>
    </PageSummaryContext.Provider>,
  );
  const actionData = context.actionData as Record<string, PageForms> | null;
  const forms: PageForms = {
    ...(context.loaderData[PUBLIC_LAYOUT_ROUTE] as PageForms | undefined),
    ...Object.values(actionData ?? {})[0],
  };
  const headTags = LEADING_HEAD_TAGS.exec(markup)?.[0] ?? '';
  return {
    html: markup.slice(headTags.length),
    headTags,
    summary,
    state: serializeServerState({
      origin: request.origin,
      address: `${url.pathname}${url.search}`,
      queries: dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' }),
      forms,
      router: { loaderData: context.loaderData, actionData },
    }),
    status: posted ? context.statusCode : undefined,
    answersForm: Object.keys(forms).length > 0,
  };
};
