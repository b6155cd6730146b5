import { queryOptions, useQuery } from '@tanstack/react-query';
import { CATEGORIES } from '../../../../shared/categories';
import type { ListingPage, PublicListing } from '../../../../shared/listing-api';
import { type ApiGet, apiGet } from '../../../lib/api-client';

/** How many of the newest listings the home page shows. */
export const NEWEST_SHOWN = 8;

/**
 * The newest listings of every category together, newest first: each category's newest page
 * (the list every category page opens with, so usually answered from the search cache), merged.
 */
async function getNewestListings(get: ApiGet): Promise<PublicListing[]> {
  const pages = await Promise.all(
    CATEGORIES.map((category) =>
      get<ListingPage>(`/api/listings?category=${category}&sort=newest&pageSize=${NEWEST_SHOWN}`),
    ),
  );
  return pages
    .flatMap((page) => page.items)
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .slice(0, NEWEST_SHOWN);
}

export const newestListingsQueryOptions = (get: ApiGet = apiGet) =>
  queryOptions({ queryKey: ['listings', 'newest'], queryFn: () => getNewestListings(get), staleTime: 60_000 });

export const useNewestListings = () => useQuery(newestListingsQueryOptions());
