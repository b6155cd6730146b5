import { CategoryPage } from '#web/features/listings/components/category-page';
import { prefetchListings } from '#web/features/listings/hooks/use-listing-search-params';

export const prefetch = prefetchListings('product');

/** The marketplace: its filters come from the registry (docs/product.md#marketplace). */
export default function MarketplacePage() {
  return <CategoryPage category="product" />;
}
