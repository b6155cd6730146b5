import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardStats } from '#shared/dashboard-stats';
import { apiFetch } from '#web/lib/api-client';

export const statsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'stats'],
    queryFn: ({ signal }) => apiFetch<DashboardStats>('/api/admin/stats', { signal }),
  });

export function useStats(enabled: boolean) {
  return useQuery({ ...statsQueryOptions(), enabled });
}
