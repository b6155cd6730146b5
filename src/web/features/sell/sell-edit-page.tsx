import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import type { Translate } from '#shared/i18n/core';
import { type PageForms, SELLER_EDIT_PATH, SELLER_MANAGE_PATH } from '#shared/page-forms';
import type { PublicReads } from '#shared/public-reads';
import { PageMeta } from '#web/components/page-meta';
import { FormMessage } from '#web/components/ui/form-message';
import { useT } from '#web/i18n/locale-provider';
import { apiReads } from '#web/lib/api-reads';
import { loadErrorMessage } from '#web/lib/load-error';
import { tooManyRequestsText, usePageForms } from '#web/lib/page-forms';
import type { PagePrefetch } from '#web/lib/page-prefetch';
import { SellForm } from './sell-form';

const sellerListingQueryOptions = (token: string, reads: PublicReads = apiReads) =>
  queryOptions({
    queryKey: ['seller-listing', token],
    queryFn: () => reads.sellerListing(token),
    // A link that opens nothing stays so as the page hydrates.
    retryOnMount: false,
    retry: false,
  });

export const prefetch: PagePrefetch = ({ queryClient, reads, url }) =>
  queryClient.prefetchQuery(sellerListingQueryOptions(url.searchParams.get('token') ?? '', reads));

function statusOf(t: Translate, answer: PageForms['sellEdit']): { tone: 'error' | 'success'; text: string } | null {
  if (!answer || 'sent' in answer) return null;
  if (answer.waitSeconds) {
    return { tone: 'error', text: answer.waitMessage ?? tooManyRequestsText(t, answer.waitSeconds) };
  }
  if (answer.failed) return { tone: 'error', text: t('sell.form.failed') };
  // A refusal of the whole change (the link, an edit already waiting) is said as it is.
  return { tone: 'error', text: answer.errors.form ?? t('sell.form.invalid') };
}

/** A link staff turned off (410), as the API (ApiError) or the server's services (HttpError) say it. */
const isGone = (error: unknown) => {
  const { status, statusCode } = error as { status?: number; statusCode?: number };
  return (status ?? statusCode) === 410;
};

/**
 * A seller changes their listing through their own link (docs/product.md#the-sellers-link):
 * the "Post a listing" form filled with the listing as it is, its photos to keep or drop and
 * new ones to add. The changes wait for staff; the listing shows as it was until then.
 */
export default function SellEditPage() {
  const t = useT();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const lang = searchParams.get('lang');
  const query = new URLSearchParams({ token });
  if (lang === 'en' || lang === 'so') query.set('lang', lang);
  const managePage = `${SELLER_MANAGE_PATH}?${query}`;
  const listing = useQuery(sellerListingQueryOptions(token));
  const answer = usePageForms().sellEdit;
  const back = (
    <Link to={managePage} reloadDocument className="text-sm font-semibold text-brand-800 underline">
      {t('sell.edit.back')}
    </Link>
  );
  return (
    <>
      <PageMeta title={t('sell.edit.title')} />
      <meta name="robots" content="noindex" />
      <meta name="referrer" content="no-referrer" />
      <section className="bg-brand-800 py-12 text-white">
        <div className="mx-auto max-w-4xl px-4 text-center">
          <h1 className="text-4xl font-extrabold">{t('sell.edit.title')}</h1>
          <p className="mt-3 text-lg text-brand-50">{t('sell.edit.intro')}</p>
        </div>
      </section>
      <div className="mx-auto max-w-3xl px-4 py-10">
        {answer && 'sent' in answer ? (
          <div className="flex flex-col gap-4">
            <FormMessage tone="success">{t('sell.edit.received')}</FormMessage>
            {back}
          </div>
        ) : listing.isPending ? (
          <p role="status">{t('common.states.loading')}</p>
        ) : listing.isError ? (
          <p role="alert">
            {loadErrorMessage(
              listing.error,
              t,
              isGone(listing.error) ? 'sell.errors.linkRevoked' : 'sell.errors.linkNotFound',
            )}
          </p>
        ) : listing.data.editWaiting ? (
          <div className="flex flex-col gap-4">
            <FormMessage tone="success">{t('sell.pages.manageEditWaiting')}</FormMessage>
            {back}
          </div>
        ) : (
          <SellForm
            category={listing.data.category}
            action={`${SELLER_EDIT_PATH}?${query}`}
            heading={
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 id="sell-form-title" className="text-2xl font-bold text-gray-900">
                  {listing.data.title}
                </h2>
                {back}
              </div>
            }
            answer={answer && 'values' in answer ? answer : { values: listing.data.values, errors: {} }}
            status={statusOf(t, answer)}
            submitLabel={t('sell.edit.submit')}
            currentPhotos={listing.data.imageUrls}
          />
        )}
      </div>
    </>
  );
}
