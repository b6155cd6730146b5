import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInBody } from '../../../../shared/sign-in-schema';
import type { StaffSessionInfo } from '../../../../shared/staff-session';
import { apiFetch } from '../../../lib/api-client';
import { removeAdminData } from './admin-data';
import { type SessionState, sessionQueryOptions } from './get-session';

export function signIn(body: SignInBody): Promise<StaffSessionInfo> {
  return apiFetch<StaffSessionInfo>('/api/auth/sign-in', { method: 'POST', json: body });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (info) => {
      removeAdminData(queryClient);
      queryClient.setQueryData(sessionQueryOptions().queryKey, (): SessionState => ({ signedIn: true, info }));
    },
  });
}
