import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditAction, AuditPage } from '#shared/audit';
import { apiFetch } from '#web/lib/api-client';

export interface AuditFilters {
  actor?: string;
  action?: AuditAction;
  from?: string;
  to?: string;
}

/** The filters as a query string (also the CSV export's). */
export function auditParams(filters: AuditFilters, page?: { limit: number; offset: number }): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  if (page) {
    params.set('limit', String(page.limit));
    if (page.offset) params.set('offset', String(page.offset));
  }
  return params;
}

export const auditLogQueryOptions = (filters: AuditFilters, page: { limit: number; offset: number }) =>
  queryOptions({
    queryKey: ['admin', 'audit', filters, page],
    queryFn: ({ signal }) => apiFetch<AuditPage>(`/api/admin/audit?${auditParams(filters, page)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export function useAuditLog(filters: AuditFilters, page: { limit: number; offset: number }) {
  return useQuery(auditLogQueryOptions(filters, page));
}
