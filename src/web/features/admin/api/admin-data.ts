import type { QueryClient } from '@tanstack/react-query';

/** Every cached piece of staff data except the session itself. */
const ADMIN_DATA = {
  queryKey: ['admin'],
  predicate: (q: { queryKey: readonly unknown[] }) => q.queryKey[1] !== 'session',
};

/** After a staff change: everything the dashboard shows is read again. */
export function invalidateAdminData(queryClient: QueryClient) {
  return queryClient.invalidateQueries(ADMIN_DATA);
}

/** Loads still running would only come back 401 once the session is gone. */
export function cancelAdminData(queryClient: QueryClient) {
  return queryClient.cancelQueries(ADMIN_DATA);
}

/** At sign-in: nothing of the previous staff member's data is shown again. */
export function removeAdminData(queryClient: QueryClient) {
  queryClient.removeQueries(ADMIN_DATA);
}
