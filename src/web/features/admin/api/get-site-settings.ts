import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSiteSettings } from '#shared/site-settings';
import { apiFetch } from '#web/lib/api-client';

export interface StoredSiteSettings {
  settings: AdminSiteSettings;
  /** When an admin last saved them; null while the launch defaults apply. */
  updatedAt: string | null;
}

export const adminSiteSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'site-settings'],
    queryFn: ({ signal }) => apiFetch<StoredSiteSettings>('/api/admin/site-settings', { signal }),
  });

export const useAdminSiteSettings = () => useQuery(adminSiteSettingsQueryOptions());
