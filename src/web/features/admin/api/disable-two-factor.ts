import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DisableTwoFactorBody } from '#shared/account';
import { apiFetch } from '#web/lib/api-client';
import { invalidateAdminData } from './admin-data';
import { sessionQueryOptions } from './get-session';

export function disableTwoFactor(body: DisableTwoFactorBody): Promise<void> {
  return apiFetch<void>('/api/admin/account/two-factor/disable', { method: 'POST', json: body });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: async () => {
      await invalidateAdminData(queryClient);
      await queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey });
    },
  });
}
