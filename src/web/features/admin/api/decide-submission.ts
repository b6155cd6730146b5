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

/** Turns off the seller's own link to the listing an approved submission made. */
export function useRevokeSellerLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<{ sellerLink: 'revoked' }>(`/api/admin/submissions/${id}/revoke-link`, { method: 'POST' }),
    onSuccess: () => invalidateAdminData(queryClient),
  });
}
