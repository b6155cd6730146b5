import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '#shared/categories';
import type { PublicReads } from '#shared/public-reads';
import { apiReads } from '#web/lib/api-reads';

/** One page of a category's active listings matching the URL's filters. */
export const listingsQueryOptions = (category: Category, params: URLSearchParams, reads: PublicReads = apiReads) => {
  const query = new URLSearchParams(params);
  query.set('category', category);
  const key = new URLSearchParams(params);
  key.sort();
  return queryOptions({
    queryKey: ['listings', category, key.toString()],
    queryFn: () => reads.listings(query),
    // The previous results stay on screen while the next ones load (docs/product.md#results-sorting-and-pages).
    placeholderData: keepPreviousData,
  });
};

export function useListings(category: Category, params: URLSearchParams) {
  return useQuery(listingsQueryOptions(category, params));
}
