import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Listing } from '#shared/listing';
import type { ListingTrustBody } from '#shared/listing-trust';
import { apiFetch } from '#web/lib/api-client';
import { invalidateAdminData } from './admin-data';

export function setListingTrust({ id, body }: { id: string; body: ListingTrustBody }): Promise<Listing> {
  return apiFetch<Listing>(`/api/admin/listings/${id}/trust`, { method: 'PATCH', json: body });
}

export function useSetListingTrust() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setListingTrust,
    onSuccess: () => invalidateAdminData(queryClient),
  });
}
