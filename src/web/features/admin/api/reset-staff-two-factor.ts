import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client';
import { invalidateAdminData } from './admin-data';

export function resetStaffTwoFactor(id: string): Promise<void> {
  return apiFetch<void>(`/api/admin/staff/${id}/two-factor`, { method: 'DELETE' });
}

export function useResetStaffTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resetStaffTwoFactor, onSuccess: () => invalidateAdminData(queryClient) });
}
