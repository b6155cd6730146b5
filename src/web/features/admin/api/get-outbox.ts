import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MailStatus, OutboxMessageDetail, OutboxPage } from '#shared/mail';
import { apiFetch } from '#web/lib/api-client';

export interface OutboxFilters {
  status?: MailStatus;
  recipient?: string;
}

export const outboxQueryOptions = (filters: OutboxFilters, page: { limit: number; offset: number }) => {
  const params = new URLSearchParams({ limit: String(page.limit), offset: String(page.offset) });
  if (filters.status) params.set('status', filters.status);
  if (filters.recipient) params.set('recipient', filters.recipient);
  return queryOptions({
    queryKey: ['admin', 'outbox', filters, page],
    queryFn: ({ signal }) => apiFetch<OutboxPage>(`/api/admin/mail?${params}`, { signal }),
    placeholderData: keepPreviousData,
    // Waiting mail changes by itself (sent, retried): the list follows it.
    refetchInterval: 15_000,
  });
};

export function useOutbox(filters: OutboxFilters, page: { limit: number; offset: number }) {
  return useQuery(outboxQueryOptions(filters, page));
}

/** One message with both parts, while it is open. */
export function useOutboxMessage(id: string | null) {
  return useQuery({
    queryKey: ['admin', 'outbox', 'message', id],
    queryFn: ({ signal }) => apiFetch<OutboxMessageDetail>(`/api/admin/mail/${id}`, { signal }),
    enabled: id !== null,
  });
}

export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/admin/mail/${id}/retry`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'outbox'] }),
  });
}
