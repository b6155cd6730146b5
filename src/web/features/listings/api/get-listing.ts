import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicReads } from '#shared/public-reads';
import { apiReads } from '#web/lib/api-reads';

/** One active listing (404 when unknown or inactive). */
export const listingQueryOptions = (id: string, reads: PublicReads = apiReads) =>
  queryOptions({
    queryKey: ['listing', id],
    queryFn: () => reads.listing(id),
    // A listing not found stays so as the page hydrates (the server rendered its not-found
    // page); after a failed load the page offers Try Again.
    retryOnMount: false,
  });

export function useListing(id: string) {
  return useQuery(listingQueryOptions(id));
}
