import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '#shared/staff-accounts';
import { apiFetch } from '#web/lib/api-client';

export function changePassword(body: ChangePasswordBody): Promise<void> {
  return apiFetch<void>('/api/admin/account/password', { method: 'PUT', json: body });
}

/** The member's own new password (their other sessions end). */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
