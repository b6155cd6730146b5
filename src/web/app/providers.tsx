import {
  type DehydratedState,
  hydrate,
  QueryClient,
  type QueryClientConfig,
  QueryClientProvider,
} from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import type { Currency } from '#shared/currency';
import type { Locale } from '#shared/i18n';
import { LocaleProvider } from '#web/i18n/locale-provider';
import { ApiError } from '#web/lib/api-client';
import { CurrencyProvider } from '#web/lib/currency';
import { SiteOriginProvider } from '#web/lib/site-origin';

const QUERY_DEFAULTS = {
  staleTime: 30_000,
  // 4xx answers will not change on retry; network hiccups on mobile data might.
  retry: (failureCount: number, error: Error) => failureCount < 2 && !('status' in error && Number(error.status) < 500),
  refetchOnWindowFocus: false,
} satisfies NonNullable<QueryClientConfig['defaultOptions']>['queries'];

/** The browser's query cache, or the server's for one page render (it does not retry: it falls back instead). */
export function createQueryClient({ forServer = false } = {}) {
  return new QueryClient({
    defaultOptions: { queries: { ...QUERY_DEFAULTS, ...(forServer ? { retry: false } : {}) } },
  });
}

export interface AppProvidersProps {
  children: ReactNode;
  /** The server's query cache while it renders a page. */
  queryClient?: QueryClient;
  /** The data the server rendered the page with, handed to the browser's cache. */
  queryState?: DehydratedState;
  locale?: Locale;
  /** The server's choice while it renders; the browser reads it from <body data-currency>. */
  currency?: Currency;
  origin: string;
}

/** The server's page data with each refused read an ApiError again, as the page expects. */
function withApiErrors(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => {
      const error = query.state.error && ApiError.fromJSON(query.state.error);
      return error ? { ...query, state: { ...query.state, error } } : query;
    }),
  };
}

export function AppProviders({
  children,
  queryClient: given,
  queryState,
  locale,
  currency,
  origin,
}: AppProvidersProps) {
  const [queryClient] = useState(() => {
    const client = given ?? createQueryClient();
    if (queryState) hydrate(client, withApiErrors(queryState));
    return client;
  });
  // <html data-interactive> once the page has hydrated (or rendered): clicks count from then on.
  useEffect(() => {
    document.documentElement.dataset.interactive = '';
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <SiteOriginProvider origin={origin}>
        <LocaleProvider initialLocale={locale}>
          <CurrencyProvider initial={currency}>{children}</CurrencyProvider>
        </LocaleProvider>
      </SiteOriginProvider>
    </QueryClientProvider>
  );
}
