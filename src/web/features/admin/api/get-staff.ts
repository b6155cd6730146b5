import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffMember } from '#shared/staff-accounts';
import { apiFetch } from '#web/lib/api-client';

export const staffQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'staff'],
    queryFn: ({ signal }) => apiFetch<{ items: StaffMember[] }>('/api/admin/staff', { signal }),
  });

/** Every staff account (admins only). */
export function useStaff({ enabled = true } = {}) {
  return useQuery({ ...staffQueryOptions(), enabled });
}
