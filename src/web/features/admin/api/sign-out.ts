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
    // Loads still running would only come back 401 once the session is gone.
    onMutate: () => queryClient.cancelQueries({ queryKey: ['admin'], predicate: (q) => q.queryKey[1] !== 'session' }),
    // Cached admin data is dropped at the next sign-in (and garbage-collected before): removing it
    // here, while the dashboard is still mounted, would make its queries fetch again and get 401s.
    onSettled: () => {
      queryClient.setQueryData(
        sessionQueryOptions().queryKey,
        (): SessionState => ({ signedIn: false, expired: false }),
      );
    },
  });
}
