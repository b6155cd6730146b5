import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffNotices, StaffNoticesInput } from '#shared/staff-notices';
import { apiFetch } from '#web/lib/api-client';

const noticesQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'account', 'notices'],
    queryFn: ({ signal }) => apiFetch<StaffNotices>('/api/admin/account/notices', { signal }),
  });

/** The member's own e-mail notices: their address, the events chosen and those their role offers. */
export function useStaffNotices() {
  return useQuery(noticesQueryOptions());
}

export function useSaveStaffNotices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffNoticesInput) =>
      apiFetch<StaffNotices>('/api/admin/account/notices', { method: 'PUT', json: body }),
    onSuccess: (saved) => queryClient.setQueryData(noticesQueryOptions().queryKey, saved),
  });
}
