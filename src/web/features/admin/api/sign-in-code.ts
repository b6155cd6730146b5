import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInCodeBody } from '#shared/sign-in-schema';
import type { StaffSessionInfo } from '#shared/staff-session';
import { apiFetch } from '#web/lib/api-client';
import { removeAdminData } from './admin-data';
import { type SessionState, sessionQueryOptions } from './get-session';

export function signInWithCode(body: SignInCodeBody): Promise<StaffSessionInfo> {
  return apiFetch<StaffSessionInfo>('/api/auth/sign-in/code', { method: 'POST', json: body });
}

/** The second step of a sign-in: the code from the authenticator app (or a recovery code). */
export function useSignInWithCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithCode,
    onSuccess: (info) => {
      removeAdminData(queryClient);
      queryClient.setQueryData(sessionQueryOptions().queryKey, (): SessionState => ({ signedIn: true, info }));
    },
  });
}
