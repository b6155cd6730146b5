import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsRange } from '#shared/analytics';
import type { LeadAnalytics } from '#shared/leads';
import { apiFetch } from '#web/lib/api-client';

export const leadAnalyticsQueryOptions = (range: AnalyticsRange) =>
  queryOptions({
    queryKey: ['admin', 'lead-analytics', range],
    queryFn: ({ signal }) => apiFetch<LeadAnalytics>(`/api/admin/analytics/leads?range=${range}`, { signal }),
    placeholderData: keepPreviousData,
  });

export function useLeadAnalytics(range: AnalyticsRange) {
  return useQuery(leadAnalyticsQueryOptions(range));
}
