import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export function deleteListing(id: string): Promise<void> {
  return apiFetch<void>(`/api/admin/listings/${id}`, { method: 'DELETE' });
}

export function useDeleteListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteListing,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: ['admin'], predicate: (q) => q.queryKey[1] !== 'session' }),
  });
}
