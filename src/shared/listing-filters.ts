import { type Category, type ListingType, PRODUCT_CONDITIONS, PROPERTY_TYPES, SUBCATEGORIES } from './categories';
import type { MessageKey } from './i18n';
import type { ListingQuery } from './listing-query';

/**
 * Every public filter rule of spec §5 and §9, defined once: the option tables with their
 * labels (catalog keys) and the matching rule each option stands for. The server turns the
 * rules into SQL (src/server/modules/listings/repository.ts); `matchesListingFilters`
 * states the same rules as a predicate, used by the unit tests as the reference.
 */

export interface SelectOption<V extends string = string> {
  value: V;
  label: MessageKey;
}

/** An inclusive range (spec §5: "price and revenue ranges are inclusive"); no max = open-ended. */
export interface RangeOption {
  min: number;
  max?: number;
  label: MessageKey;
}

const range = (min: number, max: number | undefined, label: MessageKey): RangeOption =>
  max === undefined ? { min, label } : { min, max, label };

/** Spec §9 price ranges, per category, in the order the pages show them. */
export const PRICE_RANGES = {
  product: [
    range(0, 5_000, 'listings.ranges.productUnder5k'),
    range(5_000, 20_000, 'listings.ranges.product5kTo20k'),
    range(20_000, 50_000, 'listings.ranges.product20kTo50k'),
    range(50_000, 100_000, 'listings.ranges.product50kTo100k'),
    range(100_000, undefined, 'listings.ranges.productOver100k'),
  ],
  property: [
    range(0, 50_000, 'listings.ranges.propertyUnder50k'),
    range(50_000, 200_000, 'listings.ranges.property50kTo200k'),
    range(200_000, 500_000, 'listings.ranges.property200kTo500k'),
    range(500_000, 1_000_000, 'listings.ranges.property500kTo1m'),
    range(1_000_000, 5_000_000, 'listings.ranges.property1mTo5m'),
    range(5_000_000, undefined, 'listings.ranges.propertyOver5m'),
  ],
  business: [
    range(0, 100_000, 'listings.ranges.businessUnder100k'),
    range(100_000, 500_000, 'listings.ranges.business100kTo500k'),
    range(500_000, 1_000_000, 'listings.ranges.business500kTo1m'),
    range(1_000_000, 5_000_000, 'listings.ranges.business1mTo5m'),
    range(5_000_000, 10_000_000, 'listings.ranges.business5mTo10m'),
    range(10_000_000, undefined, 'listings.ranges.businessOver10m'),
  ],
  // Visa service fee: 'Over 100,000' sets min 100000 with no max (spec §5).
  visa: [
    range(0, 10_000, 'listings.ranges.visaUnder10k'),
    range(10_000, 25_000, 'listings.ranges.visa10kTo25k'),
    range(25_000, 50_000, 'listings.ranges.visa25kTo50k'),
    range(50_000, 100_000, 'listings.ranges.visa50kTo100k'),
    range(100_000, undefined, 'listings.ranges.visaOver100k'),
  ],
} as const satisfies Record<Category, readonly RangeOption[]>;

export const REVENUE_RANGES: readonly RangeOption[] = [
  range(0, 50_000, 'listings.ranges.revenueUnder50k'),
  range(50_000, 200_000, 'listings.ranges.revenue50kTo200k'),
  range(200_000, 500_000, 'listings.ranges.revenue200kTo500k'),
  range(500_000, 1_000_000, 'listings.ranges.revenue500kTo1m'),
  range(1_000_000, undefined, 'listings.ranges.revenueOver1m'),
];

/** Years established: 1+, 3+, 5+, 10+ (a minimum; listings without years never match). */
export const YEARS_OPTIONS = [
  { value: '1', label: 'listings.years.1' },
  { value: '3', label: 'listings.years.3' },
  { value: '5', label: 'listings.years.5' },
  { value: '10', label: 'listings.years.10' },
] as const satisfies readonly SelectOption[];

/** Bedrooms 1, 2, 3, 4+; bathrooms 1, 2, 3+. The last value means "or more". */
export const BEDROOM_OPTIONS = [
  { value: '1', label: 'listings.rooms.1' },
  { value: '2', label: 'listings.rooms.2' },
  { value: '3', label: 'listings.rooms.3' },
  { value: '4', label: 'listings.rooms.4plus' },
] as const satisfies readonly SelectOption[];
export const BATHROOM_OPTIONS = [
  { value: '1', label: 'listings.rooms.1' },
  { value: '2', label: 'listings.rooms.2' },
  { value: '3', label: 'listings.rooms.3plus' },
] as const satisfies readonly SelectOption[];

export type RoomCountRule =
  | { kind: 'equalsOrNoCount'; value: number }
  | { kind: 'equals'; value: number }
  | { kind: 'atLeast'; value: number };

/**
 * Spec §5: the highest option means "that many or more" (bedrooms 4, bathrooms 3), and a
 * listing with no count (NULL) matches only the value 1.
 */
export function roomCountRule(value: number, orMoreFrom: number): RoomCountRule {
  if (value >= orMoreFrom) return { kind: 'atLeast', value: orMoreFrom };
  if (value === 1) return { kind: 'equalsOrNoCount', value: 1 };
  return { kind: 'equals', value };
}
export const BEDROOMS_OR_MORE_FROM = 4;
export const BATHROOMS_OR_MORE_FROM = 3;

/**
 * Visa processing time (spec §5), matched on the lowercased text. Each rule is a list of
 * alternatives; an alternative matches when the text contains all of its parts.
 */
export const PROCESSING_TIME_RULES = {
  express: [['1'], ['2'], ['3', 'day']],
  fast: [
    ['week', '1'],
    ['week', '2'],
  ],
  standard: [
    ['week', '2'],
    ['week', '3'],
    ['week', '4'],
  ],
  slow: [['month']],
} as const satisfies Record<string, readonly (readonly string[])[]>;
export type ProcessingTime = keyof typeof PROCESSING_TIME_RULES;
export const PROCESSING_TIME_OPTIONS = [
  { value: 'express', label: 'listings.visa.processing.express' },
  { value: 'fast', label: 'listings.visa.processing.fast' },
  { value: 'standard', label: 'listings.visa.processing.standard' },
  { value: 'slow', label: 'listings.visa.processing.slow' },
] as const satisfies readonly SelectOption<ProcessingTime>[];

export function matchesProcessingTime(text: string | null | undefined, rule: ProcessingTime): boolean {
  if (!text) return false;
  const lower = text.toLowerCase();
  return PROCESSING_TIME_RULES[rule].some((parts) => parts.every((part) => lower.includes(part)));
}

/**
 * Visa countries: the select's values (what the listing form stores) with the other names a
 * listing may carry. A country filter or a search for any of these names finds them all.
 */
export const VISA_COUNTRIES = {
  // After the English names, the Somali ones a visitor types (docs/i18n-glossary.md).
  USA: ['usa', 'united states', 'united states of america', 'us', 'america', 'maraykan', 'maraykanka', 'mareykan'],
  UK: ['uk', 'united kingdom', 'great britain', 'britain', 'england', 'ingiriis', 'ingiriiska', 'ingiriska'],
  Canada: ['canada', 'kanada'],
  Australia: ['australia', 'awstaraaliya', 'australiya'],
  Germany: ['germany', 'deutschland', 'jarmal', 'jarmalka'],
  France: ['france', 'faransiis', 'faransiiska'],
  Netherlands: ['netherlands', 'holland', 'the netherlands', 'nederland'],
  Dubai: ['dubai', 'uae', 'united arab emirates', 'dubay', 'imaaraadka'],
  Turkey: ['turkey', 'türkiye', 'turkiye', 'turki', 'turkiga'],
  'South Africa': ['south africa', 'rsa', 'koonfur afrika'],
} as const satisfies Record<string, readonly string[]>;
export type VisaCountry = keyof typeof VISA_COUNTRIES;
export const VISA_COUNTRY_OPTIONS = [
  { value: 'USA', label: 'listings.visa.countries.usa' },
  { value: 'UK', label: 'listings.visa.countries.uk' },
  { value: 'Canada', label: 'listings.visa.countries.canada' },
  { value: 'Australia', label: 'listings.visa.countries.australia' },
  { value: 'Germany', label: 'listings.visa.countries.germany' },
  { value: 'France', label: 'listings.visa.countries.france' },
  { value: 'Netherlands', label: 'listings.visa.countries.netherlands' },
  { value: 'Dubai', label: 'listings.visa.countries.dubai' },
  { value: 'Turkey', label: 'listings.visa.countries.turkey' },
  { value: 'South Africa', label: 'listings.visa.countries.southAfrica' },
] as const satisfies readonly SelectOption<VisaCountry>[];

/** The lowercased names a country filter matches (code and names). */
export function countryAliases(country: VisaCountry): readonly string[] {
  return VISA_COUNTRIES[country];
}

export const VISA_TYPES = ['tourist', 'business', 'student', 'work', 'transit', 'family'] as const;
export type VisaType = (typeof VISA_TYPES)[number];
export const VISA_TYPE_OPTIONS = [
  { value: 'tourist', label: 'listings.visa.types.tourist' },
  { value: 'business', label: 'listings.visa.types.business' },
  { value: 'student', label: 'listings.visa.types.student' },
  { value: 'work', label: 'listings.visa.types.work' },
  { value: 'transit', label: 'listings.visa.types.transit' },
  { value: 'family', label: 'listings.visa.types.family' },
] as const satisfies readonly SelectOption<VisaType>[];

export const PRODUCT_CATEGORY_OPTIONS = SUBCATEGORIES.product.map((value) => ({
  value,
  label: `listings.subcategories.${value}` as MessageKey,
}));
export const BUSINESS_TYPE_OPTIONS = SUBCATEGORIES.business.map((value) => ({
  value,
  label: `listings.subcategories.${value}` as MessageKey,
}));
export const CONDITION_OPTIONS = PRODUCT_CONDITIONS.map((value) => ({
  value,
  label: `listings.conditions.${value}` as MessageKey,
}));
export const PROPERTY_TYPE_OPTIONS = PROPERTY_TYPES.map((value) => ({
  value,
  label: `listings.propertyTypes.${value}` as MessageKey,
}));
/** Real estate: for sale or for rent (whatever the rent period). */
export const LISTING_TYPE_OPTIONS = [
  { value: 'sale', label: 'listings.listingTypes.sale' },
  { value: 'rent', label: 'listings.listingTypes.rent' },
] as const satisfies readonly SelectOption<ListingType>[];

/** Suggestions for the location box (spec §9: 15 Nairobi-area places, 15 places across Kenya). */
export const PROPERTY_LOCATIONS = [
  'Westlands',
  'Kilimani',
  'Karen',
  'Lavington',
  'Kileleshwa',
  'Parklands',
  'Eastleigh',
  'South B',
  'South C',
  'Runda',
  'Gigiri',
  'Upper Hill',
  'Lang’ata',
  'Kasarani',
  'Embakasi',
] as const;
export const BUSINESS_LOCATIONS = [
  'Nairobi',
  'Mombasa',
  'Kisumu',
  'Nakuru',
  'Eldoret',
  'Thika',
  'Garissa',
  'Machakos',
  'Malindi',
  'Nyeri',
  'Kitale',
  'Naivasha',
  'Kakamega',
  'Meru',
  'Wajir',
] as const;

/** 'relevance' (best match first) applies to a search and is its default; without one, newest first. */
export const LISTING_SORTS = ['relevance', 'newest', 'price_asc', 'price_desc'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];
export const DEFAULT_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 50;
/** Deep offsets cost the database; nobody pages this far by hand. */
export const MAX_PAGE = 10_000;
export const MAX_SEARCH_LENGTH = 100;

/** The filter parameters a page keeps in its URL (everything but paging, sort and lang). */
export const FILTER_PARAMS = [
  'q',
  'minPrice',
  'maxPrice',
  'subcategory',
  'condition',
  'propertyType',
  'listingType',
  'location',
  'bedrooms',
  'bathrooms',
  'minRevenue',
  'maxRevenue',
  'minYears',
  'country',
  'visaType',
  'processingTime',
] as const;
export type FilterParam = (typeof FILTER_PARAMS)[number];

/** Which filters each category accepts (besides q, sort, page, pageSize, minPrice, maxPrice). */
export const CATEGORY_FILTERS = {
  product: ['subcategory', 'condition'],
  property: ['propertyType', 'listingType', 'location', 'bedrooms', 'bathrooms'],
  business: ['subcategory', 'location', 'minRevenue', 'maxRevenue', 'minYears'],
  visa: ['country', 'visaType', 'processingTime'],
} as const satisfies Record<Category, readonly string[]>;

/** The filter parameters that apply to a category's page, in the API's terms. */
export function filterParamsOf(category: Category): readonly FilterParam[] {
  return ['q', 'minPrice', 'maxPrice', ...CATEGORY_FILTERS[category]];
}

/** The subset of a listing the filter rules read. */
export interface FilterableListing {
  category: Category;
  subcategory: string;
  title: string;
  description: string;
  price: number;
  location: string | null;
  product_condition: string | null;
  property_type: string | null;
  listing_type: string | null;
  bedrooms: number | null;
  bathrooms: number | null;
  monthly_revenue: number | null;
  years_established: number | null;
  business_type: string | null;
  country: string | null;
  visa_type: string | null;
  processing_time: string | null;
}

function matchesRoomRule(count: number | null, rule: RoomCountRule): boolean {
  if (rule.kind === 'atLeast') return count !== null && count >= rule.value;
  if (rule.kind === 'equalsOrNoCount') return count === null || count === rule.value;
  return count === rule.value;
}

/** A visa listing's type: its visa_type text, or its subcategory when that is empty. */
export function visaTypeOf(l: Pick<FilterableListing, 'visa_type' | 'subcategory'>): string {
  return (l.visa_type || l.subcategory).toLowerCase();
}

/** A property's type: property_type, or its subcategory when that is empty. */
export function propertyTypeOf(l: Pick<FilterableListing, 'property_type' | 'subcategory'>): string {
  return l.property_type || l.subcategory;
}

/**
 * The reference predicate: the same rules the SQL applies, for one listing. The search words
 * have theirs in listing-search.ts (searchMatchClass).
 */
export function matchesListingFilters(l: FilterableListing, f: ListingQuery): boolean {
  if (l.category !== f.category) return false;
  if (f.minPrice !== undefined && l.price < f.minPrice) return false;
  if (f.maxPrice !== undefined && l.price > f.maxPrice) return false;
  if (f.subcategory !== undefined && l.subcategory !== f.subcategory) return false;
  if (f.condition !== undefined && l.product_condition !== f.condition) return false;
  if (f.propertyType !== undefined && propertyTypeOf(l) !== f.propertyType) return false;
  if (f.listingType !== undefined && l.listing_type !== f.listingType) return false;
  if (f.location && !(l.location ?? '').toLowerCase().includes(f.location.toLowerCase())) return false;
  if (f.bedrooms !== undefined && !matchesRoomRule(l.bedrooms, roomCountRule(f.bedrooms, BEDROOMS_OR_MORE_FROM)))
    return false;
  if (f.bathrooms !== undefined && !matchesRoomRule(l.bathrooms, roomCountRule(f.bathrooms, BATHROOMS_OR_MORE_FROM)))
    return false;
  if (f.minRevenue !== undefined && (l.monthly_revenue === null || l.monthly_revenue < f.minRevenue)) return false;
  if (f.maxRevenue !== undefined && (l.monthly_revenue === null || l.monthly_revenue > f.maxRevenue)) return false;
  if (f.minYears !== undefined && (l.years_established === null || l.years_established < f.minYears)) return false;
  if (f.country !== undefined && !countryAliases(f.country).includes((l.country ?? '').toLowerCase())) return false;
  if (f.visaType !== undefined && visaTypeOf(l) !== f.visaType) return false;
  if (f.processingTime !== undefined && !matchesProcessingTime(l.processing_time, f.processingTime)) return false;
  return true;
}
