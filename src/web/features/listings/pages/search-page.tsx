import { useSearchParams } from 'react-router';
import { CATEGORIES, CATEGORY_ROUTES, type Category } from '#shared/categories';
import { PageMeta } from '#web/components/page-meta';
import { SearchEverywhereForm } from '#web/components/search-everywhere-form';
import { HydrateLater } from '#web/components/ui/hydrate-later';
import { listingsQueryOptions, useListings } from '#web/features/listings/api/get-listings';
import { formatTotal } from '#web/features/listings/components/format-total';
import { ListingCard } from '#web/features/listings/components/listing-card';
import { useT } from '#web/i18n/locale-provider';
import { prefetchExchangeRates } from '#web/lib/currency';
import type { PagePrefetch } from '#web/lib/page-prefetch';

/** The best matches shown per category; the category's own page has the rest. */
const MATCHES_SHOWN = 3;
const MAX_SEARCH_LENGTH = 100;

const CATEGORY_NAMES = {
  product: 'layout.services.marketplace',
  property: 'layout.services.realEstate',
  business: 'layout.services.businessSales',
  visa: 'layout.services.visaAssistance',
} as const satisfies Record<Category, string>;

/** The words asked for, when the category pages can search them (else why not). */
function searchOf(params: URLSearchParams): { q: string } | { problem: 'empty' | 'tooLong' } {
  const q = (params.get('q') ?? '').replace(/\p{Cc}+/gu, ' ').trim();
  if (!q) return { problem: 'empty' };
  if (q.length > MAX_SEARCH_LENGTH) return { problem: 'tooLong' };
  return { q };
}

const categoryParams = (q: string) => new URLSearchParams({ q, pageSize: String(MATCHES_SHOWN) });

/** A category's page with the same words (and the address's language). */
function categoryHref(category: Category, q: string, lang: string | null): string {
  const params = new URLSearchParams({ q });
  if (lang === 'en' || lang === 'so') params.set('lang', lang);
  return `/${CATEGORY_ROUTES[category]}?${params}`;
}

export const prefetch: PagePrefetch = async (args) => {
  const search = searchOf(args.url.searchParams);
  if (!('q' in search)) return;
  await Promise.all([
    ...CATEGORIES.map((category) =>
      args.queryClient.prefetchQuery(listingsQueryOptions(category, categoryParams(search.q), args.reads)),
    ),
    prefetchExchangeRates(args),
  ]);
};

/** /search?q=: one search across every category, how many match in each, and the best few. */
export default function SearchPage() {
  const t = useT();
  const [params] = useSearchParams();
  const search = searchOf(params);
  return (
    <>
      <PageMeta title={t('listings.everywhere.title')} description={t('listings.everywhere.intro')} />
      <section className="bg-brand-800 py-10 text-white">
        <div className="mx-auto max-w-7xl px-4">
          <h1 className="text-3xl font-extrabold">
            {'q' in search ? t('listings.everywhere.resultsTitle', { q: search.q }) : t('listings.everywhere.title')}
          </h1>
          <div className="mt-5">
            <SearchEverywhereForm id="search-everywhere" defaultValue={'q' in search ? search.q : ''} tone="dark" />
          </div>
        </div>
      </section>
      <div className="mx-auto max-w-7xl px-4 py-10">
        {'q' in search ? (
          <div className="space-y-10">
            {CATEGORIES.map((category) => (
              <CategoryMatches key={category} category={category} q={search.q} lang={params.get('lang')} />
            ))}
          </div>
        ) : (
          <p className="text-gray-800">
            {search.problem === 'tooLong' ? t('listings.everywhere.tooLong') : t('listings.everywhere.intro')}
          </p>
        )}
      </div>
    </>
  );
}

function CategoryMatches({ category, q, lang }: { category: Category; q: string; lang: string | null }) {
  const t = useT();
  const query = useListings(category, categoryParams(q));
  const name = t(CATEGORY_NAMES[category]);
  const data = query.data;
  return (
    <section aria-labelledby={`matches-${category}`}>
      <h2 id={`matches-${category}`} className="text-xl font-bold text-gray-900">
        <a href={categoryHref(category, q, lang)} className="hover:text-brand-700 hover:underline">
          {data
            ? t(data.total === 1 ? 'listings.everywhere.countOne' : 'listings.everywhere.count', {
                category: name,
                n: formatTotal(t, data),
              })
            : name}
        </a>
      </h2>
      {query.isError && <p className="mt-2 text-gray-700">{t('listings.everywhere.failed')}</p>}
      {data && data.items.length > 0 && (
        <>
          <div className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {data.items.map((listing) => (
              <HydrateLater key={listing.id} name={`card-${listing.id}`} className="flex w-full">
                <ListingCard listing={listing} />
              </HydrateLater>
            ))}
          </div>
          {data.total > data.items.length && (
            <p className="mt-3">
              <a
                href={categoryHref(category, q, lang)}
                className="inline-flex min-h-11 items-center font-medium text-brand-700 underline"
              >
                {t('listings.everywhere.seeAll', { category: name })}
              </a>
            </p>
          )}
        </>
      )}
    </section>
  );
}
