import { Button } from '#web/components/ui/button';
import { CategoryPage } from '#web/features/listings/components/category-page';
import { prefetchListings, useListingSearchParams } from '#web/features/listings/hooks/use-listing-search-params';
import { useT } from '#web/i18n/locale-provider';

const FEATURES = ['consultation', 'documents', 'tracking', 'guarantee'] as const;

export const prefetch = prefetchListings('visa');

/** Visa assistance: the registry's filters, Clear All (n) and Clear Filters (docs/product.md#visa-assistance). */
export default function VisaAssistancePage() {
  const t = useT();
  const { activeCount, clear } = useListingSearchParams('visa');
  const clearButton = (
    <Button className="mt-4" onClick={clear}>
      {t('listings.filters.clear')}
    </Button>
  );
  return (
    <CategoryPage
      category="visa"
      heroExtra={
        <ul className="mt-4 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:mt-6 sm:gap-2 sm:text-base">
          {FEATURES.map((feature) => (
            <li key={feature} className="flex items-center gap-2 text-brand-50">
              <span aria-hidden="true">✓</span>
              {t(`listings.pages.visa.features.${feature}`)}
            </li>
          ))}
        </ul>
      }
      emptyAction={clearButton}
      filterActions={
        activeCount > 0 && (
          <div className="mt-4 flex justify-end">
            <button
              type="button"
              onClick={clear}
              className="min-h-11 rounded-lg px-4 py-2 font-medium text-brand-800 underline hover:bg-brand-50"
            >
              {t('listings.filters.clearAll', { n: activeCount })}
            </button>
          </div>
        )
      }
    />
  );
}
