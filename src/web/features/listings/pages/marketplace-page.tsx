import { CONDITION_OPTIONS, PRICE_RANGES, PRODUCT_CATEGORY_OPTIONS } from '../../../../shared/listing-filters';
import { useT } from '../../../i18n/locale-provider';
import { CategoryPage, FILTER_GRID } from '../components/category-page';
import { RangeField, SearchField, SelectField } from '../components/filter-fields';
import { prefetchListings, useListingSearchParams } from '../hooks/use-listing-search-params';

export const prefetch = prefetchListings('product');

/** Spec §2 marketplace: search, category, condition, price range. */
export default function MarketplacePage() {
  const t = useT();
  const { params, update, setRange, rangeOf } = useListingSearchParams('product');
  return (
    <CategoryPage
      category="product"
      filters={
        <div className={FILTER_GRID}>
          <SearchField
            label={t('listings.filters.search')}
            placeholder={t('listings.pages.product.searchPlaceholder')}
            value={params.get('q') ?? ''}
            onSearch={(q) => update({ q }, { replace: true })}
          />
          <SelectField
            label={t('listings.filters.category')}
            anyLabel="listings.filters.allCategories"
            options={PRODUCT_CATEGORY_OPTIONS}
            value={params.get('subcategory') ?? ''}
            onChange={(subcategory) => update({ subcategory })}
          />
          <SelectField
            label={t('listings.filters.condition')}
            anyLabel="listings.filters.allConditions"
            options={CONDITION_OPTIONS}
            value={params.get('condition') ?? ''}
            onChange={(condition) => update({ condition })}
          />
          <RangeField
            label={t('listings.filters.priceRange')}
            anyLabel="listings.filters.allPrices"
            ranges={PRICE_RANGES.product}
            value={rangeOf('minPrice', 'maxPrice', PRICE_RANGES.product)}
            onChange={(v) => setRange('minPrice', 'maxPrice', v)}
          />
        </div>
      }
    />
  );
}
