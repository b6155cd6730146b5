import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DemoCredentials } from '../../../../shared/staff-session';
import { ApiError, apiFetch } from '../../../lib/api-client';

/** The demo admin's credentials, or null when the server is not in demo mode. */
export async function getDemoCredentials(): Promise<DemoCredentials | null> {
  try {
    return await apiFetch<DemoCredentials>('/api/auth/demo-credentials');
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
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
