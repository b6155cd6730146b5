import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordLink } from '#shared/staff-accounts';
import { apiFetch } from '#web/lib/api-client';
import { invalidateAdminData } from './admin-data';

export function resetStaffPassword(id: string): Promise<PasswordLink> {
  return apiFetch<PasswordLink>(`/api/admin/staff/${id}/password-link`, { method: 'POST' });
}

/** Ends the member's password and sessions; answers the one-time link to pass on. */
export function useResetStaffPassword() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resetStaffPassword, onSuccess: () => invalidateAdminData(queryClient) });
}
