import { CategoryPage } from '#web/features/listings/components/category-page';
import { prefetchListings } from '#web/features/listings/hooks/use-listing-search-params';

export const prefetch = prefetchListings('business');

/** Business sales: its filters come from the registry (docs/product.md#business-sales). */
export default function BusinessSalesPage() {
  return <CategoryPage category="business" />;
}
