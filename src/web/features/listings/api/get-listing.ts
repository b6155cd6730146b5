import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicListing } from '../../../../shared/listing-api';
import { apiFetch } from '../../../lib/api-client';

/** GET /api/listings/:id: one active listing (404 when unknown or inactive). */
export function getListing(id: string): Promise<PublicListing> {
  return apiFetch<PublicListing>(`/api/listings/${encodeURIComponent(id)}`);
}

export const listingQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['listing', id], queryFn: () => getListing(id) });

export function useListing(id: string) {
  return useQuery(listingQueryOptions(id));
}
