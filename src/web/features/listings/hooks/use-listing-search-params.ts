import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Category } from '#shared/categories';
import { filterParamsOf } from '#shared/listing-filters';
import { cleanListingParams, submittedFormAddress } from '#shared/listing-page-params';
import { pageHref } from '#web/components/ui/pagination';
import { listingsQueryOptions } from '#web/features/listings/api/get-listings';
import { prefetchExchangeRates } from '#web/lib/currency';
import type { PagePrefetch } from '#web/lib/page-prefetch';

const SEARCH_DEBOUNCE_MS = 300;

/** Only the page's own, valid parameters: a shared link may carry others or stale ones. */
export function listingApiParams(category: Category, params: URLSearchParams): URLSearchParams {
  return cleanListingParams(category, params).params;
}

/** The last page there is, when the address asks for one past it (else null). */
export function pastTheEnd(data: { page: number; pageSize: number; total: number }): number | null {
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return data.page > pages ? pages : null;
}

/**
 * A category page's data, loaded by the server before it renders the page; a page past the
 * end is a redirect to the last one.
 */
export const prefetchListings =
  (category: Category): PagePrefetch =>
  async (args) => {
    const { queryClient, reads, url, redirect } = args;
    const submitted = submittedFormAddress(category, url.searchParams);
    if (submitted) {
      redirect(`${url.pathname}${submitted.size ? `?${submitted}` : ''}`);
      return;
    }
    const options = listingsQueryOptions(category, listingApiParams(category, url.searchParams), reads);
    await Promise.all([queryClient.prefetchQuery(options), prefetchExchangeRates(args)]);
    const data = queryClient.getQueryData(options.queryKey);
    const last = data ? pastTheEnd(data) : null;
    if (last !== null) redirect(pageHref(url, last));
  };

/**
 * The page's filters, sort and page number live in the URL (docs/product.md#filters-in-the-address), so reload,
 * Back/Forward and a shared link restore them. Picking a filter adds a history entry;
 * typing in the search box replaces the current one (debounced).
 */
export function useListingSearchParams(category: Category) {
  const [params, setParams] = useSearchParams();
  // Two picks made before the page re-renders (a quick visitor, a slow phone) must not lose
  // the first: the newest address asked for is kept here until a render shows it.
  const requested = useRef<URLSearchParams | null>(null);
  const rendered = useRef(params);
  useEffect(() => {
    rendered.current = params;
    if (requested.current?.toString() === params.toString()) requested.current = null;
  }, [params]);

  /**
   * Goes to `next` unless the address already says it: the same pick twice (one made before
   * the page hydrated is applied when it does, and React replays its change event) adds one
   * history entry, so Back leaves the filter at once.
   */
  const go = useCallback(
    (next: URLSearchParams, options: { replace?: boolean } = {}) => {
      if (next.toString() === (requested.current ?? rendered.current).toString()) return;
      requested.current = next;
      setParams(next, { replace: options.replace, preventScrollReset: true });
    },
    [setParams],
  );

  const update = useCallback(
    (changes: Record<string, string | undefined>, options: { replace?: boolean } = {}) => {
      const current = requested.current ?? rendered.current;
      const next = new URLSearchParams(current);
      // What a stale link carried goes at the first change, and its note with it.
      for (const name of cleanListingParams(category, current).ignored.names) next.delete(name);
      for (const [name, value] of Object.entries(changes)) {
        if (value === undefined || value === '') next.delete(name);
        else next.set(name, value);
      }
      // A new filter starts again at page 1.
      if (!('page' in changes)) next.delete('page');
      go(next, options);
    },
    [go, category],
  );

  const { params: apiParams, ignored } = useMemo(() => cleanListingParams(category, params), [params, category]);
  // The visa page's 'Clear All (n)': the number of filter values the page accepted (docs/product.md#visa-assistance).
  const activeCount = filterParamsOf(category).filter((name) => (apiParams.get(name) ?? '') !== '').length;
  const clear = useCallback(() => go(new URLSearchParams()), [go]);

  return { params, apiParams, ignored, update, activeCount, clear };
}

/** The search box: typed text shows at once, reaches the URL after a short pause. */
export function useDebouncedSearch(value: string, onSettle: (value: string) => void) {
  const [text, setText] = useState(value);
  const settled = useRef(value);
  const onSettleRef = useRef(onSettle);
  onSettleRef.current = onSettle;

  // Back/Forward or Clear change the URL: show what it says.
  useEffect(() => {
    if (value !== settled.current) {
      settled.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text === settled.current) return;
    const timer = setTimeout(() => {
      settled.current = text;
      onSettleRef.current(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return useMemo(() => ({ text, setText }), [text]);
}
