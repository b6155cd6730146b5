/**
 * The subcategories' English names: listing-terms.ts reads them in every language (a seller's
 * business type), so they are a module of their own, outside en/: a page in Somali loads them, not the whole
 * English catalog (vite.config.ts groups en/ into one chunk).
 */
export const subcategories = {
  electronics: 'Electronics',
  baati: 'Baati',
  accessories: 'Accessories',
  phones: 'Phones',
  cases: 'Cases',
  restaurant: 'Restaurant',
  retail: 'Retail',
  service: 'Service',
  manufacturing: 'Manufacturing',
  wholesale: 'Wholesale',
};
