import { useMutation } from '@tanstack/react-query';
import type { TwoFactorSetup } from '../../../../shared/account';
import { apiFetch } from '../../../lib/api-client';

export function startTwoFactor(): Promise<TwoFactorSetup> {
  return apiFetch<TwoFactorSetup>('/api/admin/account/two-factor/setup', { method: 'POST' });
}

/** A new secret and its QR code, waiting for the first code. */
export function useStartTwoFactor() {
  return useMutation({ mutationFn: startTwoFactor });
}
