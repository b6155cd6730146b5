import { type ReactNode, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Category } from '#shared/categories';
import type { MessageKey } from '#shared/i18n';
import { LISTING_SORTS } from '#shared/listing-filters';
import { type IgnoredParams, submittedFormAddress } from '#shared/listing-page-params';
import { isSearch } from '#shared/listing-search';
import { RateNote } from '#web/components/converted-price';
import { HydrateLater } from '#web/components/ui/hydrate-later';
import { Pagination, pageHref } from '#web/components/ui/pagination';
import { useListings } from '#web/features/listings/api/get-listings';
import { pastTheEnd, useListingSearchParams } from '#web/features/listings/hooks/use-listing-search-params';
import { useT } from '#web/i18n/locale-provider';
import { ApiError } from '#web/lib/api-client';
import { loadErrorMessage } from '#web/lib/load-error';
import { FILTER_FORM_ID } from './filter-panel';
import { formatTotal } from './format-total';
import { ListingCard } from './listing-card';
import { NoSearchResults } from './no-search-results';
import { ElsewhereLinks, SearchedForNote } from './search-notes';

type PageTexts = 'count' | 'loading' | 'emptyTitle' | 'emptyHint' | 'error';
const text = (category: Category, key: PageTexts) => `listings.pages.${category}.${key}` as MessageKey;

const BUTTON =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-5 py-2 font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-800';

/** Heading, sort, the grid and its loading, empty and error states, and pagination. */
export function ListingResults({ category, emptyAction }: { category: Category; emptyAction?: ReactNode }) {
  const t = useT();
  const { params, apiParams, ignored, update, activeCount } = useListingSearchParams(category);
  const query = useListings(category, apiParams);
  const navigate = useNavigate();
  const q = params.get('q') ?? '';
  // Best match first is a search's default order, and has no meaning without one.
  const searching = isSearch(q);
  const sorts = LISTING_SORTS.filter((s) => searching || s !== 'relevance');
  const defaultSort = searching ? 'relevance' : 'newest';
  const asked = params.get('sort');
  const sort = asked && (sorts as readonly string[]).includes(asked) ? asked : defaultSort;
  const location = useLocation();
  // As the server does: a submitted form's address reads as the scripted form's, and a page
  // past the end is the last one.
  const submitted = submittedFormAddress(category, params);
  const last = query.data && !query.isPlaceholderData ? pastTheEnd(query.data) : null;
  const moveTo = submitted
    ? `${location.pathname}${submitted.size ? `?${submitted}` : ''}`
    : last !== null
      ? pageHref(location, last)
      : null;
  useEffect(() => {
    if (moveTo) void navigate(moveTo, { replace: true, preventScrollReset: true });
  }, [moveTo, navigate]);
  const note = <IgnoredNote ignored={ignored} />;

  if (query.isPending || moveTo) {
    return (
      <p role="status" className="py-16 text-center text-gray-700">
        {t(text(category, 'loading'))}
      </p>
    );
  }
  if (query.isError && !query.data) {
    const message = loadErrorMessage(query.error, t, text(category, 'error'));
    // The same request refused once is refused again (except when it came too fast).
    const refused = query.error instanceof ApiError && query.error.status >= 400 && query.error.status < 500;
    const retryable = !refused || (query.error as ApiError).status === 429;
    return (
      <div role="alert" className="my-8 rounded-xl border border-red-200 bg-red-50 p-6 text-center">
        <p className="text-red-800">{message}</p>
        {retryable && (
          <button type="button" className={`${BUTTON} mt-4`} onClick={() => query.refetch()}>
            {t('common.states.tryAgain')}
          </button>
        )}
      </div>
    );
  }
  const data = query.data!;
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  const hint =
    activeCount > 0
      ? category === 'visa'
        ? t('listings.pages.visa.emptyHintFiltered')
        : t('listings.states.filteredHint')
      : t(text(category, 'emptyHint'));

  return (
    <section aria-labelledby="results-heading" aria-busy={query.isPlaceholderData}>
      {note}
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="results-heading" className="text-xl font-semibold text-gray-900" aria-live="polite">
          {t(text(category, 'count'), { n: formatTotal(t, data) })}
        </h2>
        {/* The label stays on one line; on the narrowest phones the select gives way instead. */}
        <label className="flex min-w-0 max-w-full items-center gap-2 text-sm text-gray-800">
          <span className="whitespace-nowrap">{t('listings.filters.sort')}</span>
          <select
            name="sort"
            form={FILTER_FORM_ID}
            className="min-h-11 min-w-0 rounded-lg border border-gray-400 bg-white px-3 py-2 text-base focus:outline-none focus:ring-2 focus:ring-brand-600"
            // The default order's value is empty, so a form sent without script leaves it out.
            value={sort === defaultSort ? '' : sort}
            onChange={(e) => update({ sort: e.target.value || undefined })}
          >
            {sorts.map((s) => (
              <option key={s} value={s === defaultSort ? '' : s}>
                {t(`listings.sort.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <RateNote className="-mt-2 mb-4" />
      <SearchedForNote searchedFor={data.searchedFor} />
      {data.featured && data.featured.length > 0 && (
        <section aria-labelledby="featured-heading" className="mb-8">
          <h3 id="featured-heading" className="mb-3 text-lg font-semibold text-gray-900">
            {t('listings.trust.featuredHeading')}
          </h3>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {data.featured.map((listing, index) => (
              <li key={listing.id} className="flex">
                <ListingCard listing={listing} eager={index < 3} first={index === 0} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {data.items.length === 0 ? (
        <div className="rounded-xl border border-gray-200 bg-gray-50 px-6 py-16 text-center">
          <h3 className="text-xl font-semibold text-gray-900">{t(text(category, 'emptyTitle'))}</h3>
          {searching && data.total === 0 && <NoSearchResults q={q.trim()} nearby={data.nearby} params={params} />}
          <p className="mt-2 text-gray-700">{hint}</p>
          {activeCount > 0 && emptyAction}
          <ElsewhereLinks elsewhere={data.elsewhere} lang={params.get('lang')} />
        </div>
      ) : (
        <>
          <ul
            className={`grid gap-6 sm:grid-cols-2 lg:grid-cols-3 ${query.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}`}
          >
            {data.items.map((listing, index) => (
              <li key={listing.id} className="flex">
                <HydrateLater name={`card-${listing.id}`} className="flex w-full" size={`${category}-card`}>
                  <ListingCard listing={listing} eager={index < 3} first={index === 0 && !data.featured?.length} />
                </HydrateLater>
              </li>
            ))}
          </ul>
          <ElsewhereLinks elsewhere={data.elsewhere} lang={params.get('lang')} />
        </>
      )}
      {pages > 1 && (
        <Pagination
          className="mt-8"
          page={data.page}
          pages={pages}
          hrefFor={(page) => pageHref(location, page)}
          label={t('listings.pagination.label')}
          previous={t('listings.pagination.previous')}
          next={t('listings.pagination.next')}
          status={t('listings.pagination.page', { page: data.page, pages })}
          scrollToTop
        />
      )}
    </section>
  );
}

/** What a stale or mangled link carried that the page left out, named by its labels. */
function IgnoredNote({ ignored }: { ignored: IgnoredParams }) {
  const t = useT();
  if (ignored.names.length === 0) return null;
  const parts = ignored.labels.map((label) => t(label));
  if (ignored.unknown > 0) parts.push(t('listings.filters.ignoredUnknown', { n: ignored.unknown }));
  return (
    <p role="status" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
      {t('listings.filters.ignored', { list: parts.join(', ') })}
    </p>
  );
}

export { BUTTON as PRIMARY_BUTTON };
