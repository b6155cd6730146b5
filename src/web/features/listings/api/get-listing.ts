import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicListing } from '../../../../shared/listing-api';
import { type ApiGet, apiGet } from '../../../lib/api-client';

/** GET /api/listings/:id: one active listing (404 when unknown or inactive). */
export function getListing(id: string, get: ApiGet = apiGet): Promise<PublicListing> {
  return get<PublicListing>(`/api/listings/${encodeURIComponent(id)}`);
}

export const listingQueryOptions = (id: string, get?: ApiGet) =>
  queryOptions({ queryKey: ['listing', id], queryFn: () => getListing(id, get) });

export function useListing(id: string) {
  return useQuery(listingQueryOptions(id));
}
