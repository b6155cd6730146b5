import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DemoCredentials } from '#shared/staff-session';
import { apiFetch } from '#web/lib/api-client';

/** The demo admin's credentials, or null when the server is not in demo mode. */
export async function getDemoCredentials(): Promise<{ username: string; password: string } | null> {
  const answer = await apiFetch<DemoCredentials>('/api/auth/demo-credentials');
  return answer.enabled ? { username: answer.username, password: answer.password } : null;
}

export const demoCredentialsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'demo-credentials'],
    queryFn: getDemoCredentials,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export function useDemoCredentials() {
  return useQuery(demoCredentialsQueryOptions());
}
