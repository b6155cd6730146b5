import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInBody } from '#shared/sign-in-schema';
import type { SignInAnswer } from '#shared/staff-session';
import { apiFetch } from '#web/lib/api-client';
import { removeAdminData } from './admin-data';
import { type SessionState, sessionQueryOptions } from './get-session';

/** A session, or `codeRequired` when the account's two-factor code must follow. */
export function signIn(body: SignInBody): Promise<SignInAnswer> {
  return apiFetch<SignInAnswer>('/api/auth/sign-in', { method: 'POST', json: body });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (info) => {
      if (!('user' in info)) return;
      removeAdminData(queryClient);
      queryClient.setQueryData(sessionQueryOptions().queryKey, (): SessionState => ({ signedIn: true, info }));
    },
  });
}
