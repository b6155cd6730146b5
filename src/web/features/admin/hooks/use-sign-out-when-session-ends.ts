import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { showSignedOut } from '#web/features/admin/api/sign-out';
import { ApiError } from '#web/lib/api-client';

const sessionGone = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * While the dashboard is open: a staff request answered 401 means the server no longer
 * knows the session (its 24 hours ran out, or it was ended elsewhere). The sign-in screen
 * takes over and says so, instead of a dashboard whose every load fails.
 */
export function useSignOutWhenSessionEnds() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const end = () => void showSignedOut(queryClient, 'expired');
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (event.query.queryKey[0] === 'admin' && sessionGone(event.action.error)) end();
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && sessionGone(event.action.error)) end();
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
}
