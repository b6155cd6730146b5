import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffSessionInfo } from '../../../../shared/staff-session';
import { ApiError, apiFetch } from '../../../lib/api-client';

/** Signed in (the session), or signed out with the server's reason (e.g. 'Session expired...'). */
export type SessionState = { signedIn: true; info: StaffSessionInfo } | { signedIn: false; message: string | null };

export const SESSION_QUERY_KEY = ['admin', 'session'] as const;

export async function getSession(): Promise<SessionState> {
  try {
    return { signedIn: true, info: await apiFetch<StaffSessionInfo>('/api/auth/session') };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      // Only a session the server once knew is worth a message; no cookie at all is not an error.
      return { signedIn: false, message: /expired/i.test(error.message) ? error.message : null };
    }
    throw error;
  }
}

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: SESSION_QUERY_KEY, queryFn: getSession, staleTime: Number.POSITIVE_INFINITY, retry: 1 });

export function useSession() {
  return useQuery(sessionQueryOptions());
}
