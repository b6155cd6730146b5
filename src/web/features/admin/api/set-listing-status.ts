import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Listing } from '#shared/listing';
import { apiFetch } from '#web/lib/api-client';
import { invalidateAdminData } from './admin-data';

export function setListingStatus({ id, isActive }: { id: string; isActive: boolean }): Promise<Listing> {
  return apiFetch<Listing>(`/api/admin/listings/${id}/status`, { method: 'PATCH', json: { is_active: isActive } });
}

export function useSetListingStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setListingStatus,
    onSuccess: () => invalidateAdminData(queryClient),
  });
}
