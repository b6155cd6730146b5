import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '../../../../shared/categories';
import type { ListingPage } from '../../../../shared/listing-api';
import { type ApiGet, apiGet } from '../../../lib/api-client';

/** GET /api/listings: one page of a category's active listings matching the URL's filters. */
export function getListings(category: Category, params: URLSearchParams, get: ApiGet = apiGet): Promise<ListingPage> {
  const query = new URLSearchParams(params);
  query.set('category', category);
  return get<ListingPage>(`/api/listings?${query}`);
}

export const listingsQueryOptions = (category: Category, params: URLSearchParams, get?: ApiGet) => {
  const key = new URLSearchParams(params);
  key.sort();
  return queryOptions({
    queryKey: ['listings', category, key.toString()],
    queryFn: () => getListings(category, params, get),
    // The previous results stay on screen while the next ones load (docs/product.md#results-sorting-and-pages).
    placeholderData: keepPreviousData,
  });
};

export function useListings(category: Category, params: URLSearchParams) {
  return useQuery(listingsQueryOptions(category, params));
}
