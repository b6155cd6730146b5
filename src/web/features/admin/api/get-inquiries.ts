import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export interface Inquiry {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  status: 'new' | 'read' | 'converted';
  created_at: string;
}

export const inquiriesQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'inquiries'],
    queryFn: ({ signal }) => apiFetch<{ items: Inquiry[] }>('/api/admin/inquiries?limit=50', { signal }),
  });

export function useInquiries() {
  return useQuery(inquiriesQueryOptions());
}
