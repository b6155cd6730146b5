import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateStaffAnswer, CreateStaffBody } from '#shared/staff-accounts';
import { apiFetch } from '#web/lib/api-client';
import { invalidateAdminData } from './admin-data';

export function createStaff(body: CreateStaffBody): Promise<CreateStaffAnswer> {
  return apiFetch<CreateStaffAnswer>('/api/admin/staff', { method: 'POST', json: body });
}

export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createStaff, onSuccess: () => invalidateAdminData(queryClient) });
}
