import { useMutation } from '@tanstack/react-query';
import type { SetPasswordBody } from '#shared/staff-accounts';
import { apiFetch } from '#web/lib/api-client';

export function setPassword(body: SetPasswordBody): Promise<void> {
  return apiFetch<void>('/api/auth/set-password', { method: 'POST', json: body });
}

/** The password chosen through a one-time link. */
export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}
