import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client';
import { invalidateAdminData } from './admin-data';

export type BulkListingAction = 'activate' | 'deactivate' | 'delete';

/** One request for the whole selection: the server changes all of it in one transaction, or none. */
export function bulkUpdateListings({ action, ids }: { action: BulkListingAction; ids: string[] }): Promise<number> {
  if (action === 'delete') {
    return apiFetch<{ deleted: number }>('/api/admin/listings/bulk-delete', { method: 'POST', json: { ids } }).then(
      (r) => r.deleted,
    );
  }
  return apiFetch<{ updated: number }>('/api/admin/listings/bulk-status', {
    method: 'POST',
    json: { ids, is_active: action === 'activate' },
  }).then((r) => r.updated);
}

export function useBulkUpdateListings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkUpdateListings,
    onSuccess: () => invalidateAdminData(queryClient),
  });
}
