import {
  BATHROOM_OPTIONS,
  BEDROOM_OPTIONS,
  LISTING_TYPE_OPTIONS,
  PRICE_RANGES,
  PROPERTY_LOCATIONS,
  PROPERTY_TYPE_OPTIONS,
} from '../../../../shared/listing-filters';
import { useT } from '../../../i18n/locale-provider';
import { CategoryPage, FILTER_GRID } from '../components/category-page';
import { LocationField, RangeField, SearchField, SelectField } from '../components/filter-fields';
import { prefetchListings, useListingSearchParams } from '../hooks/use-listing-search-params';

export const prefetch = prefetchListings('property');

/** Spec §2 real estate: search, property type, sale or rent, location, price range, bedrooms, bathrooms. */
export default function RealEstatePage() {
  const t = useT();
  const { params, update, setRange, rangeOf } = useListingSearchParams('property');
  return (
    <CategoryPage
      category="property"
      filters={
        <div className={`${FILTER_GRID} lg:grid-cols-3`}>
          <SearchField
            label={t('listings.filters.search')}
            placeholder={t('listings.pages.property.searchPlaceholder')}
            value={params.get('q') ?? ''}
            onSearch={(q) => update({ q }, { replace: true })}
          />
          <SelectField
            label={t('listings.filters.propertyType')}
            anyLabel="listings.filters.allPropertyTypes"
            options={PROPERTY_TYPE_OPTIONS}
            value={params.get('propertyType') ?? ''}
            onChange={(propertyType) => update({ propertyType })}
          />
          <SelectField
            label={t('listings.filters.listingType')}
            anyLabel="listings.filters.allListingTypes"
            options={LISTING_TYPE_OPTIONS}
            value={params.get('listingType') ?? ''}
            onChange={(listingType) => update({ listingType })}
          />
          <LocationField
            label={t('listings.filters.location')}
            placeholder={t('listings.filters.locationPlaceholder')}
            suggestions={PROPERTY_LOCATIONS}
            value={params.get('location') ?? ''}
            onSearch={(location) => update({ location }, { replace: true })}
          />
          <RangeField
            label={t('listings.filters.priceRange')}
            anyLabel="listings.filters.allPrices"
            ranges={PRICE_RANGES.property}
            value={rangeOf('minPrice', 'maxPrice', PRICE_RANGES.property)}
            onChange={(v) => setRange('minPrice', 'maxPrice', v)}
          />
          <SelectField
            label={t('listings.filters.bedrooms')}
            anyLabel="listings.filters.any"
            options={BEDROOM_OPTIONS}
            value={params.get('bedrooms') ?? ''}
            onChange={(bedrooms) => update({ bedrooms })}
          />
          <SelectField
            label={t('listings.filters.bathrooms')}
            anyLabel="listings.filters.any"
            options={BATHROOM_OPTIONS}
            value={params.get('bathrooms') ?? ''}
            onChange={(bathrooms) => update({ bathrooms })}
          />
        </div>
      }
    />
  );
}
