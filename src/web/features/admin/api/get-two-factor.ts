import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TwoFactorStatus } from '#shared/account';
import { apiFetch } from '#web/lib/api-client';

export const twoFactorQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'two-factor'],
    queryFn: ({ signal }) => apiFetch<TwoFactorStatus>('/api/admin/account/two-factor', { signal }),
  });

export function useTwoFactor() {
  return useQuery(twoFactorQueryOptions());
}
