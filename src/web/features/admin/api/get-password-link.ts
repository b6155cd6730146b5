import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client';

export interface PasswordLinkInfo {
  username: string;
  name: string | null;
  expiresAt: string;
}

export const passwordLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['password-link', token],
    queryFn: ({ signal }) =>
      apiFetch<PasswordLinkInfo>(`/api/auth/password-link?${new URLSearchParams({ token })}`, { signal }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Who a one-time password link is for, while it works. */
export function usePasswordLink(token: string) {
  return useQuery(passwordLinkQueryOptions(token));
}
