import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export interface DashboardStats {
  totalListings: number;
  products: number;
  properties: number;
  businesses: number;
  visas: number;
  blogs: number;
  totalInquiries: number;
  newInquiries: number;
  convertedInquiries: number;
}

export const statsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'stats'],
    queryFn: ({ signal }) => apiFetch<DashboardStats>('/api/admin/stats', { signal }),
  });

export function useStats(enabled: boolean) {
  return useQuery({ ...statsQueryOptions(), enabled });
}
