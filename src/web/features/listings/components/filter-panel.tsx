import type { FormEvent, ReactNode } from 'react';
import { CATEGORY_ROUTES, type Category } from '../../../../shared/categories';
import {
  type FilterRow,
  filterParamsFromForm,
  filtersOf,
  paramsOf,
  rangeLabel,
  rangeOf,
  rangeParams,
  rangeValue,
} from '../../../../shared/listing-filters';
import { useT } from '../../../i18n/locale-provider';
import { useListingSearchParams } from '../hooks/use-listing-search-params';
import { SelectField, TextField } from './filter-fields';

/** Columns on a wide screen: the visa page's five filters fit one row. */
const GRID: Record<Category, string> = {
  product: 'grid gap-4 sm:grid-cols-2 lg:grid-cols-4',
  property: 'grid gap-4 sm:grid-cols-2 lg:grid-cols-4',
  business: 'grid gap-4 sm:grid-cols-2 lg:grid-cols-4',
  visa: 'grid gap-4 sm:grid-cols-2 lg:grid-cols-5',
};

/**
 * A category's filters, as the registry lists them (src/shared/listing-filters.ts): a GET
 * form whose fields are named as the URL parameters (a range's select as its row). With
 * scripts, each change updates the address at once (typing after a pause) and submitting
 * (Enter) applies every field without a reload.
 */
export function FilterPanel({ category, children }: { category: Category; children?: ReactNode }) {
  const { params, update } = useListingSearchParams(category);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update(filterParamsFromForm(category, new FormData(event.currentTarget)));
  };
  return (
    <form method="get" action={`/${CATEGORY_ROUTES[category]}`} onSubmit={submit}>
      <div className={GRID[category]}>
        {filtersOf(category).map((row) => (
          <FilterControl key={row.name} row={row} category={category} params={params} update={update} />
        ))}
      </div>
      {children}
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
