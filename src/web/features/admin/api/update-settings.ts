import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffSettings } from '#shared/staff-session';
import { apiFetch } from '#web/lib/api-client';
import { sessionQueryOptions } from './get-session';

export function updateSettings(settings: StaffSettings): Promise<StaffSettings> {
  return apiFetch<StaffSettings>('/api/admin/settings', { method: 'PUT', json: settings });
}

/** Saves the staff member's settings and applies them at once (the theme restyles the dashboard). */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (settings) =>
      queryClient.setQueryData(sessionQueryOptions().queryKey, (state) =>
        state?.signedIn ? { ...state, info: { ...state.info, user: { ...state.info.user, settings } } } : state,
      ),
  });
}
