import type { Category } from '#shared/categories';
import type { Translate } from '#shared/i18n';
import { filtersOf, paramsOf, rangeLabel } from '#shared/listing-filters';
import { cleanListingParams } from '#shared/listing-page-params';

/** A filter the address sets, as a chip shows it. */
export interface ActiveFilter {
  /** The registry row's name. */
  name: string;
  /** "Category: Electronics", "Search: “galaxy”". */
  label: string;
  /** The page's address without this filter (and back at page 1). */
  search: string;
}

/**
 * The filters a category page's address sets, in the panel's order, one per registry row (a
 * range's two ends are one filter). Their number is the "Filters (n)" button's count. Only the
 * values the page accepted count: what a bad link carried is left out, with a note, not shown
 * as a filter.
 */
export function activeFilters(category: Category, address: URLSearchParams, t: Translate): ActiveFilter[] {
  const { params: accepted, ignored } = cleanListingParams(category, address);
  // A chip's link keeps the address's other settings, less what the page left out.
  const params = new URLSearchParams(address);
  for (const name of ignored.names) params.delete(name);
  const active: ActiveFilter[] = [];
  for (const row of filtersOf(category)) {
    const control = row.controls[category];
    const names = paramsOf(row);
    const values = names.map((name) => accepted.get(name)?.trim() ?? '');
    if (!control || values.every((value) => value === '')) continue;
    const [first = ''] = values;
    let value: string;
    if (control.kind === 'search' || control.kind === 'place') {
      value = first;
    } else if (control.kind === 'range') {
      const [min = '', max = ''] = values;
      const option = control.options.find((r) => String(r.min) === (min || '0') && String(r.max ?? '') === max);
      value = option ? rangeLabel(option, t) : `${min || '0'}–${max}`;
    } else if (control.kind === 'select') {
      const option = control.options.find((o) => o.value === first);
      value = option ? t(option.label) : first;
    } else {
      value = first;
    }
    const without = new URLSearchParams(params);
    for (const name of [...names, 'page']) without.delete(name);
    const rest = without.toString();
    const typed = control.kind === 'search' || control.kind === 'place';
    const label = t(typed ? 'listings.filters.chipTyped' : 'listings.filters.chip', {
      filter: t(control.label),
      value,
    });
    active.push({ name: row.name, label, search: rest ? `?${rest}` : '' });
  }
  return active;
}
