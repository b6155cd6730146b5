import { Link } from 'react-router';
import { CATEGORY_ROUTES, type Category } from '#shared/categories';
import type { ListingPage } from '#shared/listing-api';
import { useT } from '#web/i18n/locale-provider';
import { formatTotal } from './format-total';

const CATEGORY_NAMES = {
  product: 'layout.services.marketplace',
  property: 'layout.services.realEstate',
  business: 'layout.services.businessSales',
  visa: 'layout.services.visaAssistance',
} as const satisfies Record<Category, string>;

/** Stands for the searched words inside the catalog text, which is then split around it. */
const MARK = '\u0000';

/** "Showing results for samsung.": the words a search with a forgiven typo searched for. */
export function SearchedForNote({ searchedFor }: { searchedFor: string | undefined }) {
  const t = useT();
  if (!searchedFor) return null;
  const [before = '', after = ''] = t('listings.search.showingFor', { q: MARK }).split(MARK);
  return (
    <p className="mb-4 text-gray-800">
      {before}
      <em className="font-semibold">{searchedFor}</em>
      {after}
    </p>
  );
}

/** "3 matches in Marketplace →": the other categories where the same words find listings. */
export function ElsewhereLinks({ elsewhere, lang }: { elsewhere: ListingPage['elsewhere']; lang: string | null }) {
  const t = useT();
  if (!elsewhere?.length) return null;
  return (
    <ul className="mt-4 flex flex-wrap justify-center gap-x-6 gap-y-2">
      {elsewhere.map((other) => {
        const params = new URLSearchParams(other.query);
        if (lang === 'en' || lang === 'so') params.set('lang', lang);
        const key =
          other.total === 1 && other.totalExact ? 'listings.search.elsewhereOne' : 'listings.search.elsewhere';
        return (
          <li key={other.category}>
            <Link
              className="font-medium text-brand-700 underline hover:text-brand-800"
              to={`/${CATEGORY_ROUTES[other.category]}?${params}`}
            >
              {t(key, { n: formatTotal(t, other), category: t(CATEGORY_NAMES[other.category]) })}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
