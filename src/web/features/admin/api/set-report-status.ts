import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportStatus } from '#shared/listing-report';
import { apiFetch } from '#web/lib/api-client';
import { invalidateAdminData } from './admin-data';

export function setReportStatus({ id, status }: { id: string; status: ReportStatus }): Promise<void> {
  return apiFetch<void>(`/api/admin/reports/${id}`, { method: 'PATCH', json: { status } });
}

export function useSetReportStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setReportStatus,
    onSuccess: () => invalidateAdminData(queryClient),
  });
}
