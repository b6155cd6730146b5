import { type Category, type ListingType, PRODUCT_CONDITIONS, PROPERTY_TYPES, SUBCATEGORIES } from './categories';
import type { MessageKey, Translate } from './i18n';
import type { Availability, ListingFieldName } from './listing';
import { formatWhole } from './number-format';

/**
 * The filter registry: every public filter of the category pages, one row each
 * (docs/product.md#filters-and-their-rules). A row names its URL parameters, the categories
 * it applies to, how a value is read from the URL, the rule it stands for as data, and the
 * control each page shows for it. Everything else is derived from the rows: the API's query
 * schema and its per-category check (listing-query.ts), the SQL WHERE
 * (src/server/modules/listings/filter-sql.ts), the reference predicate the tests compare
 * the database with (listing-filter-match.ts) and the pages' filter panel
 * (src/web/features/listings/components/filter-panel.tsx).
 *
 * This module holds data only and imports no zod: the public pages read it.
 */

export interface SelectOption<V extends string = string> {
  value: V;
  label: MessageKey;
}

/**
 * An inclusive range (docs/product.md#price-ranges); no max = open-ended. Its label is a
 * catalog key, or, given a `unit` (a catalog text with {n}), made of the bounds:
 * "Under 500 sq ft", "500-1,000 sq ft", "Over 5,000 sq ft".
 */
export type RangeOption = { min: number; max?: number } & ({ label: MessageKey } | { unit: MessageKey });

const range = (min: number, max: number | undefined, label: MessageKey): RangeOption =>
  max === undefined ? { min, label } : { min, max, label };

/** A range option's text: its own label, or its bounds in its unit. */
export function rangeLabel(r: RangeOption, t: Translate): string {
  if ('label' in r) return t(r.label);
  const amount = formatWhole;
  const inUnit = (n: number) => t(r.unit, { n: amount(n) });
  if (r.max === undefined) return t('listings.ranges.over', { min: inUnit(r.min) });
  if (r.min === 0) return t('listings.ranges.under', { max: inUnit(r.max) });
  return t('listings.ranges.between', { min: amount(r.min), max: inUnit(r.max) });
}

/** Ranges between steps, from 0 to past the last one, labelled by their bounds in `unit`. */
export function stepRanges(steps: readonly number[], unit: MessageKey): RangeOption[] {
  return [0, ...steps].map((min, i) => (i < steps.length ? { min, max: steps[i], unit } : { min, unit }));
}

/** Price ranges per category, in the order the pages show them. */
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
  // Visa service fee: 'Over 100,000' sets min 100000 with no max.
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
export const BEDROOMS_OR_MORE_FROM = 4;
export const BATHROOMS_OR_MORE_FROM = 3;

export type RoomCountRule =
  | { kind: 'equalsOrNoCount'; value: number }
  | { kind: 'equals'; value: number }
  | { kind: 'atLeast'; value: number };

/**
 * The highest option means "that many or more" (bedrooms 4, bathrooms 3), and a listing
 * with no count (NULL) matches only the value 1 (docs/product.md#bedrooms-and-bathrooms).
 */
export function roomCountRule(value: number, orMoreFrom: number): RoomCountRule {
  if (value >= orMoreFrom) return { kind: 'atLeast', value: orMoreFrom };
  if (value === 1) return { kind: 'equalsOrNoCount', value: 1 };
  return { kind: 'equals', value };
}

/**
 * Visa processing time, matched on the lowercased text. Each rule is a list of
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
/** The codes a visa listing's country is stored as (the Country select's values). */
export const VISA_COUNTRY_CODES = Object.keys(VISA_COUNTRIES) as VisaCountry[];
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

const labelled = <V extends string>(values: readonly V[], prefix: string): SelectOption<V>[] =>
  values.map((value) => ({ value, label: `${prefix}.${value}` as MessageKey }));
export const PRODUCT_CATEGORY_OPTIONS = labelled(SUBCATEGORIES.product, 'listings.subcategories');
export const BUSINESS_TYPE_OPTIONS = labelled(SUBCATEGORIES.business, 'listings.subcategories');
export const CONDITION_OPTIONS = labelled(PRODUCT_CONDITIONS, 'listings.conditions');
export const PROPERTY_TYPE_OPTIONS = labelled(PROPERTY_TYPES, 'listings.propertyTypes');
/** Real estate: for sale or for rent (whatever the rent period). */
export const LISTING_TYPE_OPTIONS = [
  { value: 'sale', label: 'listings.listingTypes.sale' },
  { value: 'rent', label: 'listings.listingTypes.rent' },
] as const satisfies readonly SelectOption<ListingType>[];

/** Suggestions for the location box: 15 Nairobi-area places, 15 places across Kenya. */
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
/** The largest amount a price or revenue filter takes. */
export const MAX_AMOUNT = 1_000_000_000_000;

/** The listing columns a filter reads. */
export type FilterColumn = Exclude<ListingFieldName, 'category'>;

/**
 * What a rule compares: a column, or, when it is empty, another (`orElse`; with
 * `blankIsMissing` an empty text counts as empty too), lowercased when `caseless`.
 */
export interface ListingValue {
  column: FilterColumn;
  orElse?: FilterColumn;
  blankIsMissing?: boolean;
  caseless?: boolean;
}

/**
 * The rule of a filter, as data; each kind has one SQL builder and one predicate. A listing
 * without the value (NULL) never matches a set filter, except where a kind says otherwise.
 */
export type FilterRule =
  /** The search box: its words are matched by listing-search.ts, not here. */
  | { kind: 'search'; param: string }
  | { kind: 'equals'; param: string; value: ListingValue }
  /** Inclusive at both ends; either end may be left out. */
  | { kind: 'range'; min: string; max: string; value: ListingValue }
  | { kind: 'atLeast'; param: string; value: ListingValue }
  /**
   * A room count: `orMoreFrom` and up means "that many or more"; a listing with no count
   * matches only 1; other values match exactly.
   */
  | { kind: 'roomCount'; param: string; value: ListingValue; orMoreFrom: number }
  /** Contains the text, ignoring case. */
  | { kind: 'contains'; param: string; value: ListingValue }
  /** Per option, alternatives of parts: the lowercased text holds every part of one alternative. */
  | { kind: 'textParts'; param: string; value: ListingValue; parts: Record<string, readonly (readonly string[])[]> }
  /** Per option, the lowercased names a listing's value may be. */
  | { kind: 'aliases'; param: string; value: ListingValue; aliases: Record<string, readonly string[]> }
  /**
   * Which availabilities are shown (decision 0047): `unset` when the visitor chose nothing
   * (so this rule applies to every query), else the option's.
   */
  | {
      kind: 'availability';
      param: string;
      unset: readonly Availability[];
      options: Record<string, readonly Availability[]>;
    };

/** How a URL value is read: text, a whole number in bounds, or one of the control's options. */
export type FilterParse =
  | { kind: 'text'; max: number }
  | { kind: 'wholeNumber'; min: number; max: number }
  | { kind: 'option' };

/** What a page shows for a filter; labels and texts are catalog keys. */
export type FilterControl =
  | { kind: 'search'; label: MessageKey; placeholder: MessageKey }
  /** Free text with the browser's suggestion list. */
  | { kind: 'place'; label: MessageKey; placeholder: MessageKey; suggestions: readonly string[] }
  /** `anyLabel` is the first option, meaning "no filter". */
  | { kind: 'select'; label: MessageKey; anyLabel: MessageKey; options: readonly SelectOption[] }
  /**
   * A select whose options set both ends. A range from 0 puts only its maximum in the
   * address, unless `keepZeroMin` (the revenue filter keeps it: docs/product.md#revenue-and-years-established).
   */
  | {
      kind: 'range';
      label: MessageKey;
      anyLabel: MessageKey;
      options: readonly RangeOption[];
      keepZeroMin?: boolean;
    };

export interface FilterRow {
  /** The row's name; a range's select is submitted under it ("min-max"). */
  name: string;
  rule: FilterRule;
  parse: FilterParse;
  /** The categories the filter applies to, each with its control, shown in the order of the rows. */
  controls: Partial<Record<Category, FilterControl>>;
}

const SEARCH_LABEL = 'listings.filters.search';
const search = (category: Category): FilterControl => ({
  kind: 'search',
  label: SEARCH_LABEL,
  placeholder: `listings.pages.${category}.searchPlaceholder`,
});
const place = (suggestions: readonly string[]): FilterControl => ({
  kind: 'place',
  label: 'listings.filters.location',
  placeholder: 'listings.filters.locationPlaceholder',
  suggestions,
});
const select = (label: MessageKey, anyLabel: MessageKey, options: readonly SelectOption[]): FilterControl => ({
  kind: 'select',
  label,
  anyLabel,
  options,
});
const rangeSelect = (
  label: MessageKey,
  anyLabel: MessageKey,
  options: readonly RangeOption[],
  keepZeroMin?: true,
): FilterControl => ({ kind: 'range', label, anyLabel, options, ...(keepZeroMin ? { keepZeroMin } : {}) });

/** Sold listings leave the results unless the visitor asks for them. */
export const AVAILABILITY_OPTIONS = [
  { value: 'sold', label: 'listings.filters.includeSold' },
] as const satisfies readonly SelectOption[];
const availability = select('listings.filters.availability', 'listings.filters.availableOnly', AVAILABILITY_OPTIONS);

/** Every filter, in the order the pages show them. */
export const FILTERS = [
  {
    name: 'search',
    rule: { kind: 'search', param: 'q' },
    parse: { kind: 'text', max: MAX_SEARCH_LENGTH },
    controls: {
      product: search('product'),
      property: search('property'),
      business: search('business'),
      visa: search('visa'),
    },
  },
  {
    name: 'subcategory',
    rule: { kind: 'equals', param: 'subcategory', value: { column: 'subcategory' } },
    parse: { kind: 'option' },
    controls: {
      product: select('listings.filters.category', 'listings.filters.allCategories', PRODUCT_CATEGORY_OPTIONS),
      business: select('listings.filters.businessType', 'listings.filters.allBusinessTypes', BUSINESS_TYPE_OPTIONS),
    },
  },
  {
    name: 'condition',
    rule: { kind: 'equals', param: 'condition', value: { column: 'product_condition' } },
    parse: { kind: 'option' },
    controls: {
      product: select('listings.filters.condition', 'listings.filters.allConditions', CONDITION_OPTIONS),
    },
  },
  {
    name: 'propertyType',
    // A property's type is its property_type, else its subcategory.
    rule: { kind: 'equals', param: 'propertyType', value: { column: 'property_type', orElse: 'subcategory' } },
    parse: { kind: 'option' },
    controls: {
      property: select('listings.filters.propertyType', 'listings.filters.allPropertyTypes', PROPERTY_TYPE_OPTIONS),
    },
  },
  {
    name: 'listingType',
    rule: { kind: 'equals', param: 'listingType', value: { column: 'listing_type' } },
    parse: { kind: 'option' },
    controls: {
      property: select('listings.filters.listingType', 'listings.filters.allListingTypes', LISTING_TYPE_OPTIONS),
    },
  },
  {
    name: 'location',
    rule: { kind: 'contains', param: 'location', value: { column: 'location' } },
    parse: { kind: 'text', max: 100 },
    controls: { property: place(PROPERTY_LOCATIONS), business: place(BUSINESS_LOCATIONS) },
  },
  {
    name: 'country',
    rule: { kind: 'aliases', param: 'country', value: { column: 'country' }, aliases: VISA_COUNTRIES },
    parse: { kind: 'option' },
    controls: { visa: select('listings.filters.country', 'listings.filters.allCountries', VISA_COUNTRY_OPTIONS) },
  },
  {
    name: 'visaType',
    // A visa's type is its visa_type text, else its subcategory.
    rule: {
      kind: 'equals',
      param: 'visaType',
      value: { column: 'visa_type', orElse: 'subcategory', blankIsMissing: true, caseless: true },
    },
    parse: { kind: 'option' },
    controls: { visa: select('listings.filters.visaType', 'listings.filters.allVisaTypes', VISA_TYPE_OPTIONS) },
  },
  {
    name: 'processingTime',
    rule: {
      kind: 'textParts',
      param: 'processingTime',
      value: { column: 'processing_time' },
      parts: PROCESSING_TIME_RULES,
    },
    parse: { kind: 'option' },
    controls: {
      visa: select('listings.filters.processingTime', 'listings.filters.any', PROCESSING_TIME_OPTIONS),
    },
  },
  {
    name: 'price',
    rule: { kind: 'range', min: 'minPrice', max: 'maxPrice', value: { column: 'price' } },
    parse: { kind: 'wholeNumber', min: 0, max: MAX_AMOUNT },
    controls: {
      product: rangeSelect('listings.filters.priceRange', 'listings.filters.allPrices', PRICE_RANGES.product),
      property: rangeSelect('listings.filters.priceRange', 'listings.filters.allPrices', PRICE_RANGES.property),
      business: rangeSelect('listings.filters.askingPrice', 'listings.filters.allPrices', PRICE_RANGES.business),
      visa: rangeSelect('listings.filters.serviceFee', 'listings.filters.anyPrice', PRICE_RANGES.visa),
    },
  },
  {
    name: 'bedrooms',
    rule: { kind: 'roomCount', param: 'bedrooms', value: { column: 'bedrooms' }, orMoreFrom: BEDROOMS_OR_MORE_FROM },
    parse: { kind: 'wholeNumber', min: 1, max: BEDROOMS_OR_MORE_FROM },
    controls: { property: select('listings.filters.bedrooms', 'listings.filters.any', BEDROOM_OPTIONS) },
  },
  {
    name: 'bathrooms',
    rule: {
      kind: 'roomCount',
      param: 'bathrooms',
      value: { column: 'bathrooms' },
      orMoreFrom: BATHROOMS_OR_MORE_FROM,
    },
    parse: { kind: 'wholeNumber', min: 1, max: BATHROOMS_OR_MORE_FROM },
    controls: { property: select('listings.filters.bathrooms', 'listings.filters.any', BATHROOM_OPTIONS) },
  },
  {
    name: 'revenue',
    rule: { kind: 'range', min: 'minRevenue', max: 'maxRevenue', value: { column: 'monthly_revenue' } },
    parse: { kind: 'wholeNumber', min: 0, max: MAX_AMOUNT },
    controls: {
      business: rangeSelect('listings.filters.monthlyRevenue', 'listings.filters.anyRevenue', REVENUE_RANGES, true),
    },
  },
  {
    name: 'years',
    rule: { kind: 'atLeast', param: 'minYears', value: { column: 'years_established' } },
    parse: { kind: 'wholeNumber', min: 0, max: 100 },
    controls: { business: select('listings.filters.yearsEstablished', 'listings.filters.anyYears', YEARS_OPTIONS) },
  },
  {
    name: 'squareFeet',
    rule: { kind: 'range', min: 'minSquareFeet', max: 'maxSquareFeet', value: { column: 'square_feet' } },
    parse: { kind: 'wholeNumber', min: 0, max: 10_000_000 },
    controls: {
      property: rangeSelect(
        'listings.filters.squareFeet',
        'listings.filters.any',
        stepRanges([500, 1_000, 2_000, 5_000], 'listings.card.squareFeet'),
      ),
    },
  },
  {
    name: 'availability',
    rule: { kind: 'availability', param: 'show', unset: ['active'], options: { sold: ['active', 'sold'] } },
    parse: { kind: 'option' },
    controls: { product: availability, property: availability, business: availability, visa: availability },
  },
] as const satisfies readonly FilterRow[];

/** The availabilities a query's results hold. */
export function shownAvailabilities(values: Partial<Record<string, unknown>>): readonly Availability[] {
  const row = (FILTERS as readonly FilterRow[]).find((r) => r.rule.kind === 'availability');
  if (row?.rule.kind !== 'availability') return ['active'];
  const chosen = values[row.rule.param];
  return (typeof chosen === 'string' && row.rule.options[chosen]) || row.rule.unset;
}

type Row = (typeof FILTERS)[number];
type ParamsOf<R> = R extends { rule: { kind: 'range'; min: infer Min; max: infer Max } }
  ? Min | Max
  : R extends { rule: { param: infer P } }
    ? P
    : never;
/** Every filter parameter of the API and the pages' addresses. */
export type FilterParam = ParamsOf<Row>;
type ValueOf<R> = R extends { parse: { kind: 'wholeNumber' } } ? number : string;
/** The filter values of a validated query, by parameter. */
export type FilterValues = { [R in Row as ParamsOf<R> & string]?: ValueOf<R> };

/** The URL parameters of a row: one, or a range's two. */
export function paramsOf(row: FilterRow): readonly string[] {
  return row.rule.kind === 'range' ? [row.rule.min, row.rule.max] : [row.rule.param];
}

/** Whether a query's values set a row's filter: a value other than empty text. */
export function isFilterSet(row: FilterRow, values: Partial<Record<string, unknown>>): boolean {
  return paramsOf(row).some((param) => values[param] !== undefined && values[param] !== '');
}

/** The rows of a category's page, in order. */
export function filtersOf(category: Category): readonly FilterRow[] {
  return (FILTERS as readonly FilterRow[]).filter((row) => row.controls[category] !== undefined);
}

/** The filter parameters that apply to a category's page, in the API's terms. */
export function filterParamsOf(category: Category): readonly FilterParam[] {
  return filtersOf(category).flatMap(paramsOf) as FilterParam[];
}

/** The values a row's URL parameter may take on a category's page (its options), or undefined when free. */
export function optionValues(row: FilterRow, category: Category): readonly string[] | undefined {
  const control = row.controls[category];
  return control?.kind === 'select' ? control.options.map((o) => o.value) : undefined;
}

/** A range select's value: "min-max", with max empty when open-ended. */
export const rangeValue = (r: { min: number; max?: number }) => `${r.min}-${r.max ?? ''}`;

/**
 * The address values a range select's value stands for (empty: no filter): a range from 0
 * has no minimum, the default, unless the control keeps it.
 */
export function rangeParams(row: FilterRow, category: Category, value: string): Record<string, string | undefined> {
  if (row.rule.kind !== 'range') return {};
  const control = row.controls[category];
  const [min, max] = value ? value.split('-') : [undefined, undefined];
  const keepZero = control?.kind === 'range' && control.keepZeroMin === true;
  return { [row.rule.min]: min === '0' && !keepZero ? undefined : min || undefined, [row.rule.max]: max || undefined };
}

/** The option of a range select that the address's values stand for ('' when none does). */
export function rangeOf(row: FilterRow, category: Category, get: (param: string) => string | null): string {
  const control = row.controls[category];
  if (row.rule.kind !== 'range' || control?.kind !== 'range') return '';
  const min = Number(get(row.rule.min) ?? 0);
  const max = get(row.rule.max) ?? '';
  const match = control.options.find((r) => r.min === min && String(r.max ?? '') === max);
  return match ? rangeValue(match) : '';
}

/**
 * The address a filter form's fields stand for: each field is named as its URL parameter,
 * a range's select as its row. Every filter of the page is in the result, unset ones as
 * undefined, so the result replaces the page's filters.
 */
export function filterParamsFromForm(
  category: Category,
  fields: { get(name: string): unknown },
): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const row of filtersOf(category)) {
    const raw = fields.get(row.rule.kind === 'range' ? row.name : row.rule.param);
    const value = typeof raw === 'string' ? raw.trim() : '';
    if (row.rule.kind === 'range') Object.assign(out, rangeParams(row, category, value));
    else out[row.rule.param] = value || undefined;
  }
  return out;
}
