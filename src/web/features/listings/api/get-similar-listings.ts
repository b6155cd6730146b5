import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListingsByIds } from '../../../../shared/listing-api';
import { type ApiGet, apiGet } from '../../../lib/api-client';

/** GET /api/listings/:id/similar: a few listings like this one, for the bottom of its page. */
export const similarListingsQueryOptions = (id: string, get: ApiGet = apiGet) =>
  queryOptions({
    queryKey: ['similar-listings', id],
    queryFn: () => get<ListingsByIds>(`/api/listings/${encodeURIComponent(id)}/similar`),
  });

export function useSimilarListings(id: string) {
  return useQuery(similarListingsQueryOptions(id));
}
