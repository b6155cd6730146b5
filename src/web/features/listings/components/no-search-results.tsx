import { Link } from 'react-router';
import type { ListingPage } from '#shared/listing-api';
import { useT } from '#web/i18n/locale-provider';
import { formatTotal } from './format-total';

const LINK = 'mt-3 inline-block font-medium text-brand-700 underline hover:text-brand-800';

/**
 * A search that found nothing is never a dead end: with other filters set, the same words
 * without them and how many they find; else the page without the search.
 */
export function NoSearchResults({
  q,
  nearby,
  params,
}: {
  q: string;
  nearby: ListingPage['nearby'];
  params: URLSearchParams;
}) {
  const t = useT();
  const withoutSearch = new URLSearchParams(params);
  withoutSearch.delete('q');
  withoutSearch.delete('page');
  return (
    <div className="mt-2">
      <p className="text-gray-800">
        {t(nearby ? 'listings.search.noResultsWithFilters' : 'listings.search.noResults', { q })}
      </p>
      {nearby && nearby.total > 0 ? (
        <Link className={LINK} to={{ search: `?${nearby.query}` }}>
          {t('listings.search.withoutFilters', { n: formatTotal(t, nearby) })}
        </Link>
      ) : (
        <>
          <p className="mt-2 text-gray-700">{t('listings.search.hint')}</p>
          <Link className={LINK} to={{ search: `?${withoutSearch}` }}>
            {t('listings.search.clear')}
          </Link>
        </>
      )}
    </div>
  );
}
