import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListingsByIds } from '#shared/listing-api';
import { apiFetch } from '#web/lib/api-client';

/** GET /api/listings/by-ids: the listings of the Saved page, fresh (sold ones marked, gone ones absent). */
export const listingsByIdsQueryOptions = (ids: readonly string[]) =>
  queryOptions({
    queryKey: ['listings-by-ids', ids],
    queryFn: () => apiFetch<ListingsByIds>(`/api/listings/by-ids?ids=${ids.map(encodeURIComponent).join(',')}`),
    enabled: ids.length > 0,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useListingsByIds(ids: readonly string[]) {
  return useQuery(listingsByIdsQueryOptions(ids));
}
