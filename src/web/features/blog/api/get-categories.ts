import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiGet, apiGet } from '../../../lib/api-client';

export const getCategories = (get: ApiGet = apiGet) => get<{ categories: string[] }>('/api/blog/categories');

export const categoriesQueryOptions = (get?: ApiGet) =>
  queryOptions({ queryKey: ['blog', 'categories'], queryFn: () => getCategories(get), staleTime: 5 * 60_000 });

export const useCategories = () => useQuery(categoriesQueryOptions());
