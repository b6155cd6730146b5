import { z } from 'zod';
import { CATEGORIES, type Category } from './categories';
import {
  DEFAULT_PAGE_SIZE,
  FILTERS,
  type FilterParse,
  type FilterRow,
  type FilterValues,
  LISTING_SORTS,
  type ListingSort,
  MAX_PAGE,
  MAX_PAGE_SIZE,
  optionValues,
  paramsOf,
} from './listing-filters';
import { isSearch } from './listing-search';
import { singleLine } from './text-rules';

/**
 * The list endpoint's query schema (zod), derived from the filter registry and kept apart
 * from it so the pages, which only need the registry, do not download zod.
 */

const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,13}$/, 'listings.errors.wholeNumber')
    .transform(Number)
    .refine((n) => n >= min && n <= max, 'listings.errors.outOfRange');
const NOT_AN_OPTION = 'listings.errors.notAnOption';

/** A parameter's schema; an option is one of any category's the row applies to (each category's own are checked below). */
function paramSchema(row: FilterRow, parse: FilterParse) {
  if (parse.kind === 'text') return singleLine(z.string().trim().max(parse.max, 'listings.errors.searchTooLong'));
  if (parse.kind === 'wholeNumber') return wholeNumber(parse.min, parse.max);
  const options = new Set(CATEGORIES.flatMap((category) => optionValues(row, category) ?? []));
  return singleLine(z.string()).refine((value) => options.has(value), NOT_AN_OPTION);
}

const ROWS = FILTERS as readonly FilterRow[];
const filterFields: Record<string, z.ZodOptional<z.ZodType<string | number, string>>> = Object.fromEntries(
  ROWS.flatMap((row) => paramsOf(row).map((param) => [param, paramSchema(row, row.parse).optional()])),
);

/**
 * What the registry cannot say per field: a filter of another category (read from each
 * row's categories, no list to keep by hand), an option of another category, a range upside down.
 */
function checkCategory(query: Record<string, unknown> & { category: Category }, ctx: z.RefinementCtx) {
  const issue = (param: string, message: string) => ctx.addIssue({ code: 'custom', path: [param], message });
  for (const row of ROWS) {
    const applies = row.controls[query.category] !== undefined;
    const options = row.parse.kind === 'option' ? optionValues(row, query.category) : undefined;
    for (const param of paramsOf(row)) {
      const value = query[param];
      if (value === undefined) continue;
      if (!applies) issue(param, 'listings.errors.notForCategory');
      else if (options && !options.includes(value as string)) issue(param, 'listings.errors.notAnOption');
    }
    if (applies && row.rule.kind === 'range') {
      const [min, max] = [query[row.rule.min], query[row.rule.max]];
      if (typeof min === 'number' && typeof max === 'number' && min > max) {
        issue(row.rule.max, 'listings.errors.maxBelowMin');
      }
    }
  }
}

/** A validated query: its category, order and page, and the filters it sets (FilterValues). */
export type ListingQuery = {
  category: Category;
  sort: ListingSort;
  page: number;
  pageSize: number;
  lang?: string;
} & FilterValues;

/** A query as a URL gives it: every value a string. */
export type ListingQueryInput = { category: string; sort?: string; page?: string; pageSize?: string; lang?: string } & {
  [P in keyof FilterValues]?: string;
};

/**
 * The list endpoint's query string. Values are strings as they come from a URL; a bad value
 * is a 400 naming the parameter, an unknown parameter a 400 too.
 */
export const listingQuerySchema = z
  .strictObject({
    category: z.enum(CATEGORIES, { message: NOT_AN_OPTION }),
    sort: z.enum(LISTING_SORTS, { message: NOT_AN_OPTION }).optional(),
    page: wholeNumber(1, MAX_PAGE).default(1),
    pageSize: wholeNumber(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    // The locale plugin reads ?lang= on every request.
    lang: z.string().optional(),
  })
  .extend(filterFields)
  .superRefine((query, ctx) => checkCategory(query as Parameters<typeof checkCategory>[0], ctx))
  .transform((parsed): ListingQuery => {
    const query = parsed as Omit<ListingQuery, 'sort'> & { sort?: ListingSort };
    return { ...query, sort: query.sort ?? (isSearch(query.q) ? 'relevance' : 'newest') };
  });
