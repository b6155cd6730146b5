import { z } from 'zod';
import { CATEGORIES, LISTING_TYPES, PRODUCT_CONDITIONS, PROPERTY_TYPES, SUBCATEGORIES } from './categories';
import {
  BATHROOMS_OR_MORE_FROM,
  BEDROOMS_OR_MORE_FROM,
  CATEGORY_FILTERS,
  DEFAULT_PAGE_SIZE,
  LISTING_SORTS,
  MAX_PAGE,
  MAX_PAGE_SIZE,
  MAX_SEARCH_LENGTH,
  PROCESSING_TIME_RULES,
  type ProcessingTime,
  VISA_COUNTRIES,
  VISA_TYPES,
  type VisaCountry,
} from './listing-filters';
import { isSearch } from './listing-search';
import { singleLine } from './text-rules';

/**
 * The list endpoint's query schema (zod), kept apart from the option tables so the pages,
 * which only need the tables, do not download zod.
 */
const MAX_AMOUNT = 1_000_000_000_000;

const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,13}$/, 'listings.errors.wholeNumber')
    .transform(Number)
    .refine((n) => n >= min && n <= max, 'listings.errors.outOfRange');
const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { message: 'listings.errors.notAnOption' });

/** Every filter some categories take and others refuse. */
const PER_CATEGORY_PARAMS = [...new Set(Object.values(CATEGORY_FILTERS).flat())];

/**
 * The list endpoint's query string. Values are strings as they come from a URL; a bad value
 * is a 400 naming the parameter.
 */
export const listingQuerySchema = z
  .strictObject({
    category: oneOf(CATEGORIES),
    q: singleLine(z.string().trim().max(MAX_SEARCH_LENGTH, 'listings.errors.searchTooLong')).optional(),
    sort: oneOf(LISTING_SORTS).optional(),
    page: wholeNumber(1, MAX_PAGE).default(1),
    pageSize: wholeNumber(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    minPrice: wholeNumber(0, MAX_AMOUNT).optional(),
    maxPrice: wholeNumber(0, MAX_AMOUNT).optional(),
    subcategory: singleLine(z.string().max(50)).optional(),
    condition: oneOf(PRODUCT_CONDITIONS).optional(),
    propertyType: oneOf(PROPERTY_TYPES).optional(),
    listingType: oneOf(LISTING_TYPES).optional(),
    location: singleLine(z.string().trim().max(100, 'listings.errors.searchTooLong')).optional(),
    bedrooms: wholeNumber(1, BEDROOMS_OR_MORE_FROM).optional(),
    bathrooms: wholeNumber(1, BATHROOMS_OR_MORE_FROM).optional(),
    minRevenue: wholeNumber(0, MAX_AMOUNT).optional(),
    maxRevenue: wholeNumber(0, MAX_AMOUNT).optional(),
    minYears: wholeNumber(0, 100).optional(),
    country: oneOf(Object.keys(VISA_COUNTRIES) as [VisaCountry, ...VisaCountry[]]).optional(),
    visaType: oneOf(VISA_TYPES).optional(),
    processingTime: oneOf(Object.keys(PROCESSING_TIME_RULES) as [ProcessingTime, ...ProcessingTime[]]).optional(),
    // The locale plugin reads ?lang= on every request.
    lang: z.string().optional(),
  })
  .superRefine((query, ctx) => {
    const allowed: readonly string[] = CATEGORY_FILTERS[query.category];
    for (const name of PER_CATEGORY_PARAMS) {
      if (query[name] !== undefined && !allowed.includes(name)) {
        ctx.addIssue({ code: 'custom', path: [name], message: 'listings.errors.notForCategory' });
      }
    }
    if (
      query.subcategory !== undefined &&
      allowed.includes('subcategory') &&
      !(SUBCATEGORIES[query.category] as readonly string[]).includes(query.subcategory)
    ) {
      ctx.addIssue({ code: 'custom', path: ['subcategory'], message: 'listings.errors.notAnOption' });
    }
    if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
      ctx.addIssue({ code: 'custom', path: ['maxPrice'], message: 'listings.errors.maxBelowMin' });
    }
    if (query.minRevenue !== undefined && query.maxRevenue !== undefined && query.minRevenue > query.maxRevenue) {
      ctx.addIssue({ code: 'custom', path: ['maxRevenue'], message: 'listings.errors.maxBelowMin' });
    }
  })
  .transform((query) => ({ ...query, sort: query.sort ?? (isSearch(query.q) ? 'relevance' : 'newest') }));
export type ListingQueryInput = z.input<typeof listingQuerySchema>;
export type ListingQuery = z.output<typeof listingQuerySchema>;
