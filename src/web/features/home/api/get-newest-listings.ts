import { queryOptions, useQuery } from '@tanstack/react-query';
import { CATEGORIES } from '#shared/categories';
import type { PublicListing } from '#shared/listing-api';
import type { PublicReads } from '#shared/public-reads';
import { apiReads } from '#web/lib/api-reads';

/** How many of the newest listings the home page shows. */
export const NEWEST_SHOWN = 8;

/**
 * The newest listings of every category together, newest first: each category's newest page
 * (the list every category page opens with, so usually answered from the search cache), merged.
 */
async function getNewestListings(reads: PublicReads): Promise<PublicListing[]> {
  const pages = await Promise.all(
    CATEGORIES.map((category) =>
      reads.listings(new URLSearchParams({ category, sort: 'newest', pageSize: String(NEWEST_SHOWN) })),
    ),
  );
  return pages
    .flatMap((page) => page.items)
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .slice(0, NEWEST_SHOWN);
}

export const newestListingsQueryOptions = (reads: PublicReads = apiReads) =>
  queryOptions({ queryKey: ['listings', 'newest'], queryFn: () => getNewestListings(reads), staleTime: 60_000 });

export const useNewestListings = () => useQuery(newestListingsQueryOptions());
