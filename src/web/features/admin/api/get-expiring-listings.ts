import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Listing } from '#shared/listing';
import { apiFetch } from '#web/lib/api-client';

export interface ExpiringListings {
  items: Listing[];
  withinDays: number;
}

export const expiringListingsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'listings-expiring'],
    queryFn: ({ signal }) => apiFetch<ExpiringListings>('/api/admin/listings/expiring', { signal }),
  });

export function useExpiringListings() {
  return useQuery(expiringListingsQueryOptions());
}
