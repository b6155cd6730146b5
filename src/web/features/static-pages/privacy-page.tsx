import { queryOptions, useQuery } from '@tanstack/react-query';
import { formatDate } from '#shared/format-date';
import type { Locale } from '#shared/i18n';
import type { PublicReads } from '#shared/public-reads';
import { PageMeta } from '#web/components/page-meta';
import { useLocale } from '#web/i18n/locale-provider';
import { apiReads } from '#web/lib/api-reads';
import { loadErrorMessage } from '#web/lib/load-error';
import type { PagePrefetch } from '#web/lib/page-prefetch';

const privacyQueryOptions = (locale: Locale, reads: PublicReads = apiReads) =>
  queryOptions({ queryKey: ['privacy-policy', locale], queryFn: () => reads.privacyPolicy(locale) });

export const prefetch: PagePrefetch = ({ queryClient, reads, locale }) =>
  queryClient.prefetchQuery(privacyQueryOptions(locale, reads));

/**
 * /privacy (docs/product.md#privacy): what is stored, why, for how long and how to ask for a
 * copy or deletion; its text is the admins' (Site settings), in the reader's language.
 */
export default function PrivacyPage() {
  const { t, locale } = useLocale();
  const policy = useQuery(privacyQueryOptions(locale));
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <PageMeta title={t('pages.privacy.title')} description={t('pages.privacy.description')} />
      <h1 className="text-3xl font-extrabold text-gray-900 sm:text-4xl">{t('pages.privacy.title')}</h1>
      {policy.isPending && <p role="status">{t('common.states.loading')}</p>}
      {policy.isError && <p role="alert">{loadErrorMessage(policy.error, t, 'pages.privacy.loadFailed')}</p>}
      {policy.data && (
        <>
          <p className="mt-2 text-gray-700">
            {t('pages.privacy.lastUpdated', {
              date: formatDate(policy.data.updatedOn, locale),
            })}
          </p>
          <div
            className="post-body mt-8 text-gray-800"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the server made this HTML from Markdown through the blog's allow-list (modules/blog/markdown.ts).
            dangerouslySetInnerHTML={{ __html: policy.data.html }}
          />
        </>
      )}
    </article>
  );
}
