import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client';
import { type SessionState, sessionQueryOptions } from './get-session';

export function dismissSignInNotice(): Promise<void> {
  return apiFetch<void>('/api/auth/notice', { method: 'DELETE' });
}

/** The owner has read the failed sign-in notice: the server forgets it, and so does the screen. */
export function useDismissSignInNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissSignInNotice,
    onSuccess: () =>
      queryClient.setQueryData(sessionQueryOptions().queryKey, (state: SessionState | undefined) =>
        state?.signedIn ? { ...state, info: { ...state.info, notice: null } } : state,
      ),
  });
}
