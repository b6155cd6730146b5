import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueueStatus, StaffSubmissionPage } from '#shared/listing-submission';
import { apiFetch } from '#web/lib/api-client';

export interface SubmissionsRequest {
  status: QueueStatus;
  limit: number;
  offset: number;
}

export function getSubmissions(request: SubmissionsRequest, signal?: AbortSignal) {
  const params = new URLSearchParams({ status: request.status, limit: String(request.limit) });
  if (request.offset) params.set('offset', String(request.offset));
  return apiFetch<StaffSubmissionPage>(`/api/admin/submissions?${params}`, { signal });
}

export const submissionsQueryOptions = (request: SubmissionsRequest) =>
  queryOptions({
    queryKey: ['admin', 'submissions', request],
    queryFn: ({ signal }) => getSubmissions(request, signal),
    placeholderData: keepPreviousData,
  });

export function useSubmissions(request: SubmissionsRequest, enabled = true) {
  return useQuery({ ...submissionsQueryOptions(request), enabled });
}
