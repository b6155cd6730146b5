import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InquiryPage, InquiryStatus } from '#shared/admin-inquiry-query';
import { apiFetch } from '#web/lib/api-client';

export interface InquiriesRequest {
  status?: InquiryStatus;
  q?: string;
  limit: number;
  offset: number;
}

export function getInquiries(request: InquiriesRequest, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(request.limit) });
  if (request.status) params.set('status', request.status);
  if (request.q) params.set('q', request.q);
  if (request.offset) params.set('offset', String(request.offset));
  return apiFetch<InquiryPage>(`/api/admin/inquiries?${params}`, { signal });
}

export const inquiriesQueryOptions = (request: InquiriesRequest) =>
  queryOptions({
    queryKey: ['admin', 'inquiries', request],
    queryFn: ({ signal }) => getInquiries(request, signal),
    placeholderData: keepPreviousData,
  });

export function useInquiries(request: InquiriesRequest) {
  return useQuery(inquiriesQueryOptions(request));
}
