import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminListingStatus } from '#shared/admin-listing-query';
import type { Category } from '#shared/categories';
import type { StaffListingPage } from '#shared/listing-api';
import { apiFetch } from '#web/lib/api-client';

/** One request of the staff list: the filters and the rows wanted. */
export interface AdminListingsRequest {
  status: AdminListingStatus;
  category?: Category;
  q?: string;
  limit: number;
  offset?: number;
}

export function getAdminListings(request: AdminListingsRequest, signal?: AbortSignal): Promise<StaffListingPage> {
  const params = new URLSearchParams({ status: request.status, limit: String(request.limit) });
  if (request.category) params.set('category', request.category);
  if (request.q) params.set('q', request.q);
  if (request.offset) params.set('offset', String(request.offset));
  return apiFetch(`/api/admin/listings?${params}`, { signal });
}

export const adminListingsQueryOptions = (request: AdminListingsRequest) =>
  queryOptions({
    queryKey: ['admin', 'listings', request],
    queryFn: ({ signal }) => getAdminListings(request, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminListings(request: AdminListingsRequest) {
  return useQuery(adminListingsQueryOptions(request));
}
