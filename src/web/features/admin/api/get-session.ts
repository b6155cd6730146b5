import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionAnswer, StaffSessionInfo } from '../../../../shared/staff-session';
import { apiFetch } from '../../../lib/api-client';

/** Signed in (the session), or signed out. */
export type SessionState = { signedIn: true; info: StaffSessionInfo } | { signedIn: false; expired: boolean };

export const SESSION_QUERY_KEY = ['admin', 'session'] as const;

export async function getSession(): Promise<SessionState> {
  const answer = await apiFetch<SessionAnswer>('/api/auth/session');
  if (answer.user) return { signedIn: true, info: answer };
  // `expired`: the browser held a session the server no longer knows ('Session expired...').
  return { signedIn: false, expired: answer.expired };
}

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: SESSION_QUERY_KEY, queryFn: getSession, staleTime: Number.POSITIVE_INFINITY, retry: 1 });

export function useSession() {
  return useQuery(sessionQueryOptions());
}
