import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client';
import { invalidateAdminData } from './admin-data';

export function setInquiryStatus({ id, status }: { id: string; status: 'read' | 'converted' }): Promise<void> {
  return apiFetch<void>(`/api/admin/inquiries/${id}`, { method: 'PATCH', json: { status } });
}

export function useSetInquiryStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setInquiryStatus,
    onSuccess: () => invalidateAdminData(queryClient),
  });
}
