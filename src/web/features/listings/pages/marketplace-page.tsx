import { CategoryPage } from '../components/category-page';
import { prefetchListings } from '../hooks/use-listing-search-params';

export const prefetch = prefetchListings('product');

/** The marketplace: its filters come from the registry (docs/product.md#marketplace). */
export default function MarketplacePage() {
  return <CategoryPage category="product" />;
}
