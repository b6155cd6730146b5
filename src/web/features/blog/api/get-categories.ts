import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const getCategories = () => apiFetch<{ categories: string[] }>('/api/blog/categories');

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: ['blog', 'categories'], queryFn: getCategories, staleTime: 5 * 60_000 });

export const useCategories = () => useQuery(categoriesQueryOptions());
