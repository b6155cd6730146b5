import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client';
import { invalidateAdminData } from './admin-data';

export function deleteListing(id: string): Promise<void> {
  return apiFetch<void>(`/api/admin/listings/${id}`, { method: 'DELETE' });
}

export function useDeleteListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteListing,
    onSuccess: () => invalidateAdminData(queryClient),
  });
}
