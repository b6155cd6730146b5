/** The four listing categories (docs/product.md#listing-data) and everything that hangs off each of them. */
export const CATEGORIES = ['product', 'property', 'business', 'visa'] as const;
export type Category = (typeof CATEGORIES)[number];

export const SUBCATEGORIES = {
  product: ['electronics', 'baati', 'accessories', 'phones', 'cases'],
  property: ['apartment', 'shop', 'commercial', 'land'],
  business: ['restaurant', 'retail', 'service', 'manufacturing', 'wholesale'],
  visa: ['tourist', 'business', 'student', 'work', 'transit'],
} as const satisfies Record<Category, readonly string[]>;
export type Subcategory<C extends Category = Category> = (typeof SUBCATEGORIES)[C][number];

export const PRODUCT_CONDITIONS = ['new', 'used', 'refurbished'] as const;
export type ProductCondition = (typeof PRODUCT_CONDITIONS)[number];

/** The form offers the first four; cards also know house and office (docs/product.md#listing-data). */
export const PROPERTY_TYPES = ['apartment', 'shop', 'commercial', 'land', 'house', 'office'] as const;
export const PROPERTY_FORM_TYPES = ['apartment', 'shop', 'commercial', 'land'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

/** A property is for sale or to let; a rent is quoted per month or per year. */
export const LISTING_TYPES = ['sale', 'rent'] as const;
export type ListingType = (typeof LISTING_TYPES)[number];
export const RENT_PERIODS = ['month', 'year'] as const;
export type RentPeriod = (typeof RENT_PERIODS)[number];

/** Storage folder for uploaded images, per category (docs/product.md#images). */
export const IMAGE_FOLDERS = {
  product: 'products',
  property: 'properties',
  business: 'businesses',
  visa: 'visas',
} as const satisfies Record<Category, string>;
export const MISC_IMAGE_FOLDER = 'misc';

/** Public route of each category's page; `/{route}/{id}` is a listing's own page. */
export const CATEGORY_ROUTES = {
  product: 'marketplace',
  property: 'real-estate',
  business: 'business-sales',
  visa: 'visa-assistance',
} as const satisfies Record<Category, string>;

export function isCategory(value: unknown): value is Category {
  return typeof value === 'string' && (CATEGORIES as readonly string[]).includes(value);
}

export function isSubcategoryOf(category: Category, value: unknown): boolean {
  return typeof value === 'string' && (SUBCATEGORIES[category] as readonly string[]).includes(value);
}
