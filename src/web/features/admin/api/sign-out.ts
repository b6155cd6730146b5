import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { type SessionState, sessionQueryOptions } from './get-session';

export function signOut(): Promise<void> {
  return apiFetch<void>('/api/auth/sign-out', { method: 'POST' });
}

/** Logs out on the server; the screen returns to sign-in even if the call fails. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => {
      queryClient.removeQueries({ queryKey: ['admin'], predicate: (q) => q.queryKey[1] !== 'session' });
      queryClient.setQueryData(
        sessionQueryOptions().queryKey,
        (): SessionState => ({ signedIn: false, expired: false }),
      );
    },
  });
}
