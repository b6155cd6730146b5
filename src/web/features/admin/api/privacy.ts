import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PersonalData, PersonalDataKind, PrivacyPolicyInput, StoredPrivacyPolicy } from '#shared/privacy';
import { apiFetch } from '#web/lib/api-client';

const policyQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'privacy-policy'],
    queryFn: ({ signal }) => apiFetch<StoredPrivacyPolicy>('/api/admin/privacy-policy', { signal }),
  });

/** The privacy page's text as admins edit it. */
export const useAdminPrivacyPolicy = () => useQuery(policyQueryOptions());

export function useSavePrivacyPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PrivacyPolicyInput) =>
      apiFetch<StoredPrivacyPolicy>('/api/admin/privacy-policy', { method: 'PUT', json: body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(policyQueryOptions().queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: ['privacy-policy'] });
    },
  });
}

/** Everything stored for one address. */
export const findPersonalData = (email: string) =>
  apiFetch<PersonalData>('/api/admin/privacy-requests/find', { method: 'POST', json: { email } });

/** The same, recorded in the audit log as an export: what the download holds. */
export const exportPersonalData = (email: string) =>
  apiFetch<PersonalData>('/api/admin/privacy-requests/export', { method: 'POST', json: { email } });

export const deletePersonalData = (email: string) =>
  apiFetch<{ email: string; deleted: Record<PersonalDataKind, number> }>('/api/admin/privacy-requests/delete', {
    method: 'POST',
    json: { email },
  });

export const usePersonalDataActions = () => ({
  find: useMutation({ mutationFn: findPersonalData }),
  export: useMutation({ mutationFn: exportPersonalData }),
  delete: useMutation({ mutationFn: deletePersonalData }),
});
