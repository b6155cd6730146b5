import { z } from 'zod';
import { ALERT_FREQUENCIES } from './alert-frequencies';
import { CATEGORIES, CATEGORY_ROUTES, type Category } from './categories';
import { HONEYPOT_FIELD } from './contact-fields';
import { cleanListingParams } from './listing-page-params';
import { type ListingQuery, listingQuerySchema } from './listing-query';

/** A saved search's filters: the listing query's, without order or page (docs/product.md#saved-search-alerts). */
export type SavedSearchFilters = Omit<ListingQuery, 'category' | 'sort' | 'page' | 'pageSize' | 'lang'>;

/** Longest query string the form takes: every filter at its longest fits well within it. */
const SEARCH_MAX = 2000;

/** "E-mail me new matches" on a results page, checked in the browser and again on the server. */
export const alertSignUpSchema = z.strictObject({
  email: z
    .string({ error: 'alerts.errors.emailRequired' })
    .trim()
    .min(1, 'alerts.errors.emailRequired')
    .max(254, 'alerts.errors.emailInvalid')
    .pipe(z.email('alerts.errors.emailInvalid')),
  category: z.enum(CATEGORIES, { message: 'alerts.errors.searchInvalid' }),
  /** The results page's query string (`q=phone&condition=used`), as its address holds it. */
  search: z.string().max(SEARCH_MAX, 'alerts.errors.searchInvalid').default(''),
  frequency: z.enum(ALERT_FREQUENCIES, { message: 'alerts.errors.frequencyInvalid' }).default('daily'),
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
});
export type AlertSignUpInput = z.input<typeof alertSignUpSchema>;

/**
 * The filters a results page's address stands for, normalized: read as forgivingly as the page
 * reads them (what it would leave out is left out), then by the API's query schema, without
 * order and page, keys sorted. The same search, however its address was written, is one value.
 */
export function savedSearchFilters(category: Category, search: string): SavedSearchFilters {
  const params = cleanListingParams(category, new URLSearchParams(search.replace(/^\?/, ''))).params;
  params.delete('page');
  params.delete('sort');
  const parsed = listingQuerySchema.safeParse({ ...Object.fromEntries(params), category });
  if (!parsed.success) return {};
  const { category: _category, sort: _sort, page: _page, pageSize: _pageSize, lang: _lang, ...filters } = parsed.data;
  const kept = Object.entries(filters).filter(([, value]) => value !== undefined && value !== '');
  return Object.fromEntries(kept.sort(([a], [b]) => a.localeCompare(b))) as SavedSearchFilters;
}

/** The results page a saved search stands for: its path and query string. */
export function savedSearchPath(category: Category, filters: SavedSearchFilters): string {
  const params = new URLSearchParams(
    Object.entries(filters).map(([name, value]) => [name, String(value)] as [string, string]),
  );
  return `/${CATEGORY_ROUTES[category]}${params.size ? `?${params}` : ''}`;
}
