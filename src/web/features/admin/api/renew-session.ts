import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffSessionInfo } from '#shared/staff-session';
import { apiFetch } from '#web/lib/api-client';
import { type SessionState, sessionQueryOptions } from './get-session';

export function renewSession(): Promise<StaffSessionInfo> {
  return apiFetch<StaffSessionInfo>('/api/auth/renew', { method: 'POST' });
}

export function useRenewSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewSession,
    onSuccess: (info) =>
      queryClient.setQueryData(sessionQueryOptions().queryKey, (): SessionState => ({ signedIn: true, info })),
  });
}
