import {
  PRICE_RANGES,
  PROCESSING_TIME_OPTIONS,
  VISA_COUNTRY_OPTIONS,
  VISA_TYPE_OPTIONS,
} from '../../../../shared/listing-filters';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../i18n/locale-provider';
import { CategoryPage } from '../components/category-page';
import { RangeField, SearchField, SelectField } from '../components/filter-fields';
import { prefetchListings, useListingSearchParams } from '../hooks/use-listing-search-params';

const FEATURES = ['consultation', 'documents', 'tracking', 'guarantee'] as const;

export const prefetch = prefetchListings('visa');

/** Spec §2 visa assistance: search, Country, Visa Type, Processing Time, Service Fee, Clear All (n). */
export default function VisaAssistancePage() {
  const t = useT();
  const { params, update, setRange, rangeOf, activeCount, clear } = useListingSearchParams('visa');
  const clearButton = (
    <Button className="mt-4" onClick={clear}>
      {t('listings.filters.clear')}
    </Button>
  );
  return (
    <CategoryPage
      category="visa"
      heroExtra={
        <ul className="mt-6 grid gap-2 sm:grid-cols-2">
          {FEATURES.map((feature) => (
            <li key={feature} className="flex items-center gap-2 text-brand-50">
              <span aria-hidden="true">✓</span>
              {t(`listings.pages.visa.features.${feature}`)}
            </li>
          ))}
        </ul>
      }
      emptyAction={clearButton}
      filters={
        <>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
            <SearchField
              label={t('listings.filters.search')}
              placeholder={t('listings.pages.visa.searchPlaceholder')}
              value={params.get('q') ?? ''}
              onSearch={(q) => update({ q }, { replace: true })}
            />
            <SelectField
              label={t('listings.filters.country')}
              anyLabel="listings.filters.allCountries"
              options={VISA_COUNTRY_OPTIONS}
              value={params.get('country') ?? ''}
              onChange={(country) => update({ country })}
            />
            <SelectField
              label={t('listings.filters.visaType')}
              anyLabel="listings.filters.allVisaTypes"
              options={VISA_TYPE_OPTIONS}
              value={params.get('visaType') ?? ''}
              onChange={(visaType) => update({ visaType })}
            />
            <SelectField
              label={t('listings.filters.processingTime')}
              anyLabel="listings.filters.any"
              options={PROCESSING_TIME_OPTIONS}
              value={params.get('processingTime') ?? ''}
              onChange={(processingTime) => update({ processingTime })}
            />
            <RangeField
              label={t('listings.filters.serviceFee')}
              anyLabel="listings.filters.anyPrice"
              ranges={PRICE_RANGES.visa}
              value={rangeOf('minPrice', 'maxPrice', PRICE_RANGES.visa)}
              onChange={(v) => setRange('minPrice', 'maxPrice', v)}
            />
          </div>
          {activeCount > 0 && (
            <div className="mt-4 flex justify-end">
              <button
                type="button"
                onClick={clear}
                className="min-h-11 rounded-lg px-4 py-2 font-medium text-brand-800 underline hover:bg-brand-50"
              >
                {t('listings.filters.clearAll', { n: activeCount })}
              </button>
            </div>
          )}
        </>
      }
    />
  );
}
