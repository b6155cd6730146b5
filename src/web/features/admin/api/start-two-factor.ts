import { useMutation } from '@tanstack/react-query';
import type { StartTwoFactorBody, TwoFactorSetup } from '#shared/account';
import { apiFetch } from '#web/lib/api-client';

export function startTwoFactor(body: StartTwoFactorBody): Promise<TwoFactorSetup> {
  return apiFetch<TwoFactorSetup>('/api/admin/account/two-factor/setup', { method: 'POST', json: body });
}

/** A new secret and its QR code, waiting for the first code (the password first). */
export function useStartTwoFactor() {
  return useMutation({ mutationFn: startTwoFactor });
}
