import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SiteSettingsInput } from '#shared/site-settings-schema';
import { apiFetch } from '#web/lib/api-client';
import { siteSettingsQueryOptions } from '#web/lib/site-settings';
import { adminSiteSettingsQueryOptions, type StoredSiteSettings } from './get-site-settings';

export function saveSiteSettings(settings: SiteSettingsInput): Promise<StoredSiteSettings> {
  return apiFetch('/api/admin/site-settings', { method: 'PUT', json: settings });
}

/** Saves them; this browser's public pages show them at once (the server's do already). */
export function useSaveSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSiteSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(adminSiteSettingsQueryOptions().queryKey, saved);
      queryClient.setQueryData(siteSettingsQueryOptions().queryKey, saved.settings);
    },
  });
}
