import { CategoryPage } from '#web/features/listings/components/category-page';
import { prefetchListings } from '#web/features/listings/hooks/use-listing-search-params';

export const prefetch = prefetchListings('property');

/** Real estate: its filters come from the registry (docs/product.md#real-estate). */
export default function RealEstatePage() {
  return <CategoryPage category="property" />;
}
