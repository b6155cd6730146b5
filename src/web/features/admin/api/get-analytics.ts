import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Analytics, AnalyticsRange } from '#shared/analytics';
import { apiFetch } from '#web/lib/api-client';

export const analyticsQueryOptions = (range: AnalyticsRange) =>
  queryOptions({
    queryKey: ['admin', 'analytics', range],
    queryFn: ({ signal }) => apiFetch<Analytics>(`/api/admin/analytics?range=${range}`, { signal }),
    placeholderData: keepPreviousData,
  });

export function useAnalytics(range: AnalyticsRange) {
  return useQuery(analyticsQueryOptions(range));
}

/** The CSV download is a plain link: the browser sends the session cookie. */
export const exportUrl = (range: AnalyticsRange) => `/api/admin/analytics/export?range=${range}`;
