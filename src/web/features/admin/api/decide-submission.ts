import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubmissionDecision } from '#shared/listing-submission';
import { apiFetch } from '#web/lib/api-client';
import { invalidateAdminData } from './admin-data';

export function decideSubmission({ id, decision }: { id: string; decision: SubmissionDecision }) {
  return apiFetch<{ status: string; listingId: string | null }>(`/api/admin/submissions/${id}/decision`, {
    method: 'POST',
    json: decision,
  });
}

export function useDecideSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideSubmission,
    onSuccess: () => invalidateAdminData(queryClient),
  });
}
