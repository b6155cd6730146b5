import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffMember, UpdateStaffBody } from '#shared/staff-accounts';
import { apiFetch } from '#web/lib/api-client';
import { invalidateAdminData } from './admin-data';

export function updateStaff({ id, ...body }: UpdateStaffBody & { id: string }): Promise<StaffMember> {
  return apiFetch<StaffMember>(`/api/admin/staff/${id}`, { method: 'PATCH', json: body });
}

/** A new role, or disabled / enabled. */
export function useUpdateStaff() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateStaff, onSettled: () => invalidateAdminData(queryClient) });
}
