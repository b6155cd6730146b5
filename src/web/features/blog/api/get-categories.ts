import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicReads } from '#shared/public-reads';
import { apiReads } from '#web/lib/api-reads';

export const categoriesQueryOptions = (reads: PublicReads = apiReads) =>
  queryOptions({ queryKey: ['blog', 'categories'], queryFn: () => reads.blogCategories(), staleTime: 5 * 60_000 });

export const useCategories = () => useQuery(categoriesQueryOptions());
