import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionAnswer, StaffSessionInfo } from '#shared/staff-session';
import { apiFetch } from '#web/lib/api-client';

/**
 * Why the sign-in screen is shown: the server no longer knows the session ('expired': its
 * 24 hours ran out, or it was ended elsewhere), the session warning ran out ('timedOut'),
 * or nothing worth saying (a first visit, Logout).
 */
export type SignedOutReason = 'expired' | 'timedOut' | null;

/** Signed in (the session), or signed out and why. */
export type SessionState = { signedIn: true; info: StaffSessionInfo } | { signedIn: false; reason: SignedOutReason };

export const SESSION_QUERY_KEY = ['admin', 'session'] as const;

export async function getSession(): Promise<SessionState> {
  const answer = await apiFetch<SessionAnswer>('/api/auth/session');
  if (answer.user) return { signedIn: true, info: answer };
  // `expired`: the browser held a session the server no longer knows ('Session expired...').
  return { signedIn: false, reason: answer.expired ? 'expired' : null };
}

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: SESSION_QUERY_KEY, queryFn: getSession, staleTime: Number.POSITIVE_INFINITY, retry: 1 });

export function useSession() {
  return useQuery(sessionQueryOptions());
}
