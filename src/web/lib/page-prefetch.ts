import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import type { Locale } from '#shared/i18n';
import type { PublicReads } from '#shared/public-reads';

/** What the server gives a page to load its data before rendering it (src/web/entry-server.tsx). */
export interface PrefetchArgs {
  queryClient: QueryClient;
  /** Where the data comes from: the API in the browser, the services on the server. */
  reads: PublicReads;
  params: Params;
  url: URL;
  /** The language the page is rendered in (its API reads ask for it). */
  locale: Locale;
  /** Answers the page with a redirect to this address instead (a page past the last one). */
  redirect: (to: string) => void;
}

/**
 * A page module's `prefetch` export: fills the query cache with the data the page shows first,
 * through the same query options the page uses, so server HTML and hydration agree.
 */
export type PagePrefetch = (args: PrefetchArgs) => Promise<unknown>;

/** What the router needs from a lazily loaded page module. */
export interface PageModule {
  default: React.ComponentType;
  prefetch?: PagePrefetch;
}

/** Route `handle` of a page: rendered on the server or not, and its data. */
export interface PageHandle {
  serverRendered: boolean;
  prefetch?: PagePrefetch;
}
