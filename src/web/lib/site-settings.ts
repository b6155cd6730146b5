import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { Locale } from '#shared/i18n';
import type { PublicReads } from '#shared/public-reads';
import type { SiteSettings } from '#shared/site-settings';
import { whatsAppLink } from '#shared/whatsapp';
import { apiReads } from './api-reads';
import type { PagePrefetch } from './page-prefetch';

/**
 * The site settings an admin edits (docs/product.md#site-settings), from the server: server
 * rendering puts them into the page, the app keeps them in its query cache.
 */
export const siteSettingsQueryOptions = (reads: PublicReads = apiReads) =>
  queryOptions({
    queryKey: ['site-settings'],
    queryFn: () => reads.siteSettings(),
    staleTime: 60_000,
  });

/** Every public page shows them (footer, contact details): the server loads them with the page. */
export const prefetchSiteSettings: PagePrefetch = ({ queryClient, reads }) =>
  queryClient.prefetchQuery(siteSettingsQueryOptions(reads));

/**
 * The settings, or undefined until they have arrived (a page the browser renders alone: the
 * offline shell, a 404). Read straight from the query cache rather than through useQuery, so
 * the home page, which loads no other data, does not download the query observer.
 */
export function useSiteSettings(): SiteSettings | undefined {
  const client = useQueryClient();
  const read = () => client.getQueryData<SiteSettings>(siteSettingsQueryOptions().queryKey);
  const settings = useSyncExternalStore((onChange) => client.getQueryCache().subscribe(onChange), read, read);
  useEffect(() => {
    if (settings) return;
    // Offline (the service worker's shell) the footer goes without them until the network is back.
    const load = () => void client.prefetchQuery(siteSettingsQueryOptions());
    if (navigator.onLine) load();
    window.addEventListener('online', load);
    return () => window.removeEventListener('online', load);
  }, [client, settings]);
  return settings;
}

/** A chat with the support line, starting with `message` or the default greeting in the visitor's language. */
export function supportWhatsAppLink(settings: SiteSettings, locale: Locale, message?: string): string {
  return whatsAppLink(settings.whatsappNumber, message ?? settings.whatsappGreeting[locale]);
}
