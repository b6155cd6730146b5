import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListingReportPage, ReportStatus } from '#shared/listing-report';
import { apiFetch } from '#web/lib/api-client';

export interface ReportsRequest {
  status: ReportStatus;
  limit: number;
  offset: number;
}

export function getReports(request: ReportsRequest, signal?: AbortSignal) {
  const params = new URLSearchParams({ status: request.status, limit: String(request.limit) });
  if (request.offset) params.set('offset', String(request.offset));
  return apiFetch<ListingReportPage>(`/api/admin/reports?${params}`, { signal });
}

export const reportsQueryOptions = (request: ReportsRequest) =>
  queryOptions({
    queryKey: ['admin', 'reports', request],
    queryFn: ({ signal }) => getReports(request, signal),
    placeholderData: keepPreviousData,
  });

export function useReports(request: ReportsRequest, enabled = true) {
  return useQuery({ ...reportsQueryOptions(request), enabled });
}
