import { Link } from 'react-router';
import type { ActiveFilter } from '#web/features/listings/lib/active-filters';
import { useT } from '#web/i18n/locale-provider';

/** The active filters, each a link to the page without it: removing one works without scripts too. */
export function FilterChips({ pathname, filters }: { pathname: string; filters: readonly ActiveFilter[] }) {
  const t = useT();
  if (filters.length === 0) return null;
  return (
    <ul aria-label={t('listings.filters.active')} className="flex flex-wrap gap-2">
      {filters.map((filter) => (
        <li key={filter.name}>
          <Link
            to={{ pathname, search: filter.search }}
            preventScrollReset
            className="inline-flex min-h-11 max-w-full items-center gap-2 rounded-full border border-brand-700 bg-brand-50 px-4 text-sm font-medium text-brand-900 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-800"
          >
            {/* Named by text rather than aria-label, so a chip is not taken for the filter's own field. */}
            <span className="sr-only">{t('listings.filters.remove', { filter: filter.label })}</span>
            <span aria-hidden="true" className="truncate">
              {filter.label}
            </span>
            <span aria-hidden="true" className="text-lg leading-none">
              ×
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
