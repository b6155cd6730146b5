import { type FormEvent, type ReactNode, useEffect, useRef } from 'react';
import { CATEGORY_ROUTES, type Category } from '#shared/categories';
import {
  type FilterRow,
  filterParamsFromForm,
  filtersOf,
  paramsOf,
  rangeLabel,
  rangeOf,
  rangeParams,
  rangeValue,
} from '#shared/listing-filters';
import { useListingSearchParams } from '#web/features/listings/hooks/use-listing-search-params';
import { useT } from '#web/i18n/locale-provider';
import { takeChangedBeforeHydration } from '#web/lib/changed-before-hydration';
import { SelectField, TextField } from './filter-fields';

/** Columns on a wide screen: the visa page's five filters fit one row. */
const GRID: Record<Category, string> = {
  product: 'grid gap-4 sm:grid-cols-2 lg:grid-cols-4',
  property: 'grid gap-4 sm:grid-cols-2 lg:grid-cols-4',
  business: 'grid gap-4 sm:grid-cols-2 lg:grid-cols-4',
  visa: 'grid gap-4 sm:grid-cols-2 lg:grid-cols-5',
};

/** The filter form's id, which the sort select outside it names to be submitted with it. */
export const FILTER_FORM_ID = 'listing-filters';

/**
 * A category's filters, as the registry lists them (src/shared/listing-filters.ts): a GET
 * form whose fields are named as the URL parameters (a range's select as its row), which
 * the server answers without script (its button shows only then). With scripts, each change
 * updates the address at once (typing after a pause), submitting (Enter) applies every field
 * without a reload, and what was typed or picked before the scripts arrived is applied as
 * soon as they do.
 */
/** Below 640 px, what only an opened panel shows (`#filters:target`): all but the search box. */
const PHONE_HIDDEN = 'max-sm:hidden max-sm:group-target:block';

interface FilterPanelProps {
  category: Category;
  children?: ReactNode;
  /** The page's own panel: on a phone it shows the search box alone until opened. */
  searchFirstOnPhones?: boolean;
}

export function FilterPanel({ category, children, searchFirstOnPhones = false }: FilterPanelProps) {
  const t = useT();
  const { params, update } = useListingSearchParams(category);
  const form = useRef<HTMLFormElement>(null);
  const apply = (element: HTMLFormElement, options?: { replace?: boolean }) =>
    update(filterParamsFromForm(category, new FormData(element)), options);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget);
  };
  const applyRef = useRef(apply);
  applyRef.current = apply;
  useEffect(() => {
    // Once, as the server's page comes alive: the address is not yet what the visitor asked for.
    // A new history entry, as for a pick made later, so Back returns to the unfiltered list.
    if (form.current && takeChangedBeforeHydration(form.current)) applyRef.current(form.current);
  }, []);
  return (
    <form ref={form} id={FILTER_FORM_ID} method="get" action={`/${CATEGORY_ROUTES[category]}`} onSubmit={submit}>
      <div className={GRID[category]}>
        {filtersOf(category).map((row) => (
          <div
            key={row.name}
            className={searchFirstOnPhones && row.controls[category]?.kind !== 'search' ? PHONE_HIDDEN : undefined}
          >
            <FilterControl row={row} category={category} params={params} update={update} />
          </div>
        ))}
      </div>
      <div className={searchFirstOnPhones ? PHONE_HIDDEN : undefined}>
        <noscript>
          <button
            type="submit"
            className="mt-4 min-h-11 rounded-lg bg-brand-700 px-5 py-2 font-medium text-white hover:bg-brand-800"
          >
            {t('listings.filters.apply')}
          </button>
        </noscript>
        {children}
      </div>
    </form>
  );
}

interface FilterControlProps {
  row: FilterRow;
  category: Category;
  params: URLSearchParams;
  update: ReturnType<typeof useListingSearchParams>['update'];
}

function FilterControl({ row, category, params, update }: FilterControlProps) {
  const t = useT();
  const control = row.controls[category];
  if (!control) return null;
  if (control.kind === 'range') {
    return (
      <SelectField
        name={row.name}
        label={t(control.label)}
        anyLabel={t(control.anyLabel)}
        options={control.options.map((r) => ({ value: rangeValue(r), label: rangeLabel(r, t) }))}
        value={rangeOf(row, category, (param) => params.get(param))}
        onChange={(value) => update(rangeParams(row, category, value))}
      />
    );
  }
  const [param = row.name] = paramsOf(row);
  const value = params.get(param) ?? '';
  if (control.kind === 'select') {
    return (
      <SelectField
        name={param}
        label={t(control.label)}
        anyLabel={t(control.anyLabel)}
        options={control.options.map((o) => ({ value: o.value, label: t(o.label) }))}
        value={value}
        onChange={(picked) => update({ [param]: picked })}
      />
    );
  }
  return (
    <TextField
      name={param}
      label={t(control.label)}
      placeholder={t(control.placeholder)}
      suggestions={control.kind === 'place' ? control.suggestions : undefined}
      value={value}
      // Typing replaces the history entry instead of adding one per pause.
      onSearch={(typed) => update({ [param]: typed }, { replace: true })}
    />
  );
}
