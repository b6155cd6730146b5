import {
  BUSINESS_LOCATIONS,
  BUSINESS_TYPE_OPTIONS,
  PRICE_RANGES,
  REVENUE_RANGES,
  YEARS_OPTIONS,
} from '../../../../shared/listing-filters';
import { useT } from '../../../i18n/locale-provider';
import { CategoryPage, FILTER_GRID } from '../components/category-page';
import { LocationField, RangeField, SearchField, SelectField } from '../components/filter-fields';
import { prefetchListings, useListingSearchParams } from '../hooks/use-listing-search-params';

export const prefetch = prefetchListings('business');

/** Spec §2 business sales: search, business type, location, asking price, monthly revenue, years. */
export default function BusinessSalesPage() {
  const t = useT();
  const { params, update, setRange, rangeOf } = useListingSearchParams('business');
  return (
    <CategoryPage
      category="business"
      filters={
        <div className={`${FILTER_GRID} lg:grid-cols-3`}>
          <SearchField
            label={t('listings.filters.search')}
            placeholder={t('listings.pages.business.searchPlaceholder')}
            value={params.get('q') ?? ''}
            onSearch={(q) => update({ q }, { replace: true })}
          />
          <SelectField
            label={t('listings.filters.businessType')}
            anyLabel="listings.filters.allBusinessTypes"
            options={BUSINESS_TYPE_OPTIONS}
            value={params.get('subcategory') ?? ''}
            onChange={(subcategory) => update({ subcategory })}
          />
          <LocationField
            label={t('listings.filters.location')}
            placeholder={t('listings.filters.locationPlaceholder')}
            suggestions={BUSINESS_LOCATIONS}
            value={params.get('location') ?? ''}
            onSearch={(location) => update({ location }, { replace: true })}
          />
          <RangeField
            label={t('listings.filters.askingPrice')}
            anyLabel="listings.filters.allPrices"
            ranges={PRICE_RANGES.business}
            value={rangeOf('minPrice', 'maxPrice', PRICE_RANGES.business)}
            onChange={(v) => setRange('minPrice', 'maxPrice', v)}
          />
          <RangeField
            label={t('listings.filters.monthlyRevenue')}
            anyLabel="listings.filters.anyRevenue"
            ranges={REVENUE_RANGES}
            value={rangeOf('minRevenue', 'maxRevenue', REVENUE_RANGES)}
            onChange={(v) => {
              // The revenue filter excludes listings without revenue, so "under" keeps min 0.
              const [min, max] = v ? v.split('-') : [undefined, undefined];
              update({ minRevenue: min, maxRevenue: max || undefined });
            }}
          />
          <SelectField
            label={t('listings.filters.yearsEstablished')}
            anyLabel="listings.filters.anyYears"
            options={YEARS_OPTIONS}
            value={params.get('minYears') ?? ''}
            onChange={(minYears) => update({ minYears })}
          />
        </div>
      }
    />
  );
}
