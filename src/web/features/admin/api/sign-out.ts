import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client';
import { cancelAdminData } from './admin-data';
import { type SessionState, type SignedOutReason, sessionQueryOptions } from './get-session';

export function signOut(): Promise<void> {
  return apiFetch<void>('/api/auth/sign-out', { method: 'POST' });
}

/**
 * Shows the sign-in screen, saying why. A session read still on its way is cancelled first:
 * it began while signed in, and its answer would bring the dashboard back.
 */
export async function showSignedOut(queryClient: QueryClient, reason: SignedOutReason) {
  const { queryKey } = sessionQueryOptions();
  await queryClient.cancelQueries({ queryKey });
  queryClient.setQueryData(queryKey, (): SessionState => ({ signedIn: false, reason }));
}

/**
 * Logs out on the server; the screen returns to sign-in even if the call fails. The
 * variable says why, when the dashboard did it by itself (the session warning ran out).
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (_reason: SignedOutReason | undefined) => signOut(),
    onMutate: () => cancelAdminData(queryClient),
    // Cached admin data is dropped at the next sign-in (and garbage-collected before): removing it
    // here, while the dashboard is still mounted, would make its queries fetch again and get 401s.
    onSettled: (_data, _error, reason) => showSignedOut(queryClient, reason ?? null),
  });
}
