import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicReads } from '#shared/public-reads';
import { apiReads } from '#web/lib/api-reads';

/** A few listings like this one, for the bottom of its page. */
export const similarListingsQueryOptions = (id: string, reads: PublicReads = apiReads) =>
  queryOptions({ queryKey: ['similar-listings', id], queryFn: () => reads.similarListings(id) });

export function useSimilarListings(id: string) {
  return useQuery(similarListingsQueryOptions(id));
}
