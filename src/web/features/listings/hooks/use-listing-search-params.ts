import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Category } from '../../../../shared/categories';
import { filterParamsOf } from '../../../../shared/listing-filters';
import { prefetchExchangeRates } from '../../../lib/currency';
import type { PagePrefetch } from '../../../lib/page-prefetch';
import { listingsQueryOptions } from '../api/get-listings';

const SEARCH_DEBOUNCE_MS = 300;

/** Only the page's own parameters: a shared link may carry others (utm_source, fbclid...). */
export function listingApiParams(category: Category, params: URLSearchParams): URLSearchParams {
  const picked = new URLSearchParams();
  for (const name of [...filterParamsOf(category), 'page', 'sort']) {
    const value = params.get(name);
    if (value) picked.set(name, value);
  }
  return picked;
}

/** A category page's data, loaded by the server before it renders the page. */
export const prefetchListings =
  (category: Category): PagePrefetch =>
  (args) =>
    Promise.all([
      args.queryClient.prefetchQuery(
        listingsQueryOptions(category, listingApiParams(category, args.url.searchParams), args.get),
      ),
      prefetchExchangeRates(args),
    ]);

/**
 * The page's filters, sort and page number live in the URL (decision D4), so reload,
 * Back/Forward and a shared link restore them. Picking a filter adds a history entry;
 * typing in the search box replaces the current one (debounced).
 */
export function useListingSearchParams(category: Category) {
  const [params, setParams] = useSearchParams();

  const update = useCallback(
    (changes: Record<string, string | undefined>, options: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value === undefined || value === '') next.delete(name);
            else next.set(name, value);
          }
          // A new filter starts again at page 1.
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: options.replace, preventScrollReset: true },
      );
    },
    [setParams],
  );

  const apiParams = useMemo(() => listingApiParams(category, params), [params, category]);
  // The visa page's 'Clear All (n)': the number of non-empty filter values (spec §4).
  const activeCount = filterParamsOf(category).filter((name) => (params.get(name) ?? '') !== '').length;
  const clear = useCallback(() => setParams(new URLSearchParams(), { preventScrollReset: true }), [setParams]);

  return { params, apiParams, update, activeCount, clear };
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
