import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Listing } from '../../../../shared/listing';
import { apiFetch } from '../../../lib/api-client';

export type ListingStatusFilter = 'active' | 'inactive' | 'all';
/** Spec §9: Recent Listings shows 10 rows. */
export const RECENT_LISTINGS_LIMIT = 10;

export function getAdminListings(
  status: ListingStatusFilter,
  signal?: AbortSignal,
): Promise<{ items: Listing[]; total: number }> {
  return apiFetch(`/api/admin/listings?status=${status}&limit=${RECENT_LISTINGS_LIMIT}`, { signal });
}

export const adminListingsQueryOptions = (status: ListingStatusFilter) =>
  queryOptions({
    queryKey: ['admin', 'listings', status],
    queryFn: ({ signal }) => getAdminListings(status, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminListings(status: ListingStatusFilter) {
  return useQuery(adminListingsQueryOptions(status));
}
