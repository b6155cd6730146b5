import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmTwoFactorBody, RecoveryCodes } from '#shared/account';
import { apiFetch } from '#web/lib/api-client';
import { invalidateAdminData } from './admin-data';

export function confirmTwoFactor(body: ConfirmTwoFactorBody): Promise<RecoveryCodes> {
  return apiFetch<RecoveryCodes>('/api/admin/account/two-factor/confirm', { method: 'POST', json: body });
}

/** Turns two-factor sign-in on; answers the recovery codes, shown once. */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTwoFactor,
    onSuccess: () => invalidateAdminData(queryClient),
  });
}
