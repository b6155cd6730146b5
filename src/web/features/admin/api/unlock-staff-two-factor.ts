import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffMember } from '#shared/staff-accounts';
import { apiFetch } from '#web/lib/api-client';
import { invalidateAdminData } from './admin-data';

export function unlockStaffTwoFactor(id: string): Promise<StaffMember> {
  return apiFetch<StaffMember>(`/api/admin/staff/${id}/two-factor-lock`, { method: 'DELETE' });
}

/** Lifts a member's two-factor lock (too many wrong codes) before its time. */
export function useUnlockStaffTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unlockStaffTwoFactor, onSuccess: () => invalidateAdminData(queryClient) });
}
