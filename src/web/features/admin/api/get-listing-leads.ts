import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListingLeads } from '#shared/leads';
import { apiFetch } from '#web/lib/api-client';

export const listingLeadsQueryOptions = (ids: readonly string[]) =>
  queryOptions({
    queryKey: ['admin', 'listing-leads', ids],
    queryFn: ({ signal }) => apiFetch<ListingLeads>(`/api/admin/leads/listings?ids=${ids.join(',')}`, { signal }),
  });

/** The views, WhatsApp taps and inquiries of the listings a page shows. */
export function useListingLeads(ids: readonly string[]) {
  return useQuery({ ...listingLeadsQueryOptions(ids), enabled: ids.length > 0 });
}
