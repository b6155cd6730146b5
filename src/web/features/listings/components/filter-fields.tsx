import { useId } from 'react';
import type { MessageKey } from '../../../../shared/i18n';
import type { RangeOption, SelectOption } from '../../../../shared/listing-filters';
import { useT } from '../../../i18n/locale-provider';
import { rangeValue, useDebouncedSearch } from '../hooks/use-listing-search-params';

const CONTROL =
  'mt-1 block min-h-11 w-full rounded-lg border border-gray-400 bg-white px-3 py-2 text-base text-gray-900 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-600';
const LABEL = 'block text-sm font-medium text-gray-800';

interface SelectFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The first option, meaning "no filter". */
  anyLabel: MessageKey;
  options: readonly SelectOption[] | readonly { value: string; label: MessageKey }[];
}

export function SelectField({ label, value, onChange, anyLabel, options }: SelectFieldProps) {
  const t = useT();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <select id={id} className={CONTROL} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t(anyLabel)}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {t(o.label)}
          </option>
        ))}
      </select>
    </div>
  );
}

interface RangeFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  anyLabel: MessageKey;
  ranges: readonly RangeOption[];
}

/** A range select is a select whose option values encode min and max. */
export function RangeField({ ranges, ...rest }: RangeFieldProps) {
  return <SelectField {...rest} options={ranges.map((r) => ({ value: rangeValue(r), label: r.label }))} />;
}

interface SearchFieldProps {
  label: string;
  placeholder: string;
  value: string;
  onSearch: (value: string) => void;
}

/** Results follow the typing (debounced), without a page reload. */
export function SearchField({ label, placeholder, value, onSearch }: SearchFieldProps) {
  const id = useId();
  const { text, setText } = useDebouncedSearch(value, onSearch);
  return (
    <div>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        className={CONTROL}
        placeholder={placeholder}
        value={text}
        maxLength={100}
        autoComplete="off"
        onChange={(e) => setText(e.target.value)}
      />
    </div>
  );
}

interface LocationFieldProps {
  label: string;
  placeholder: string;
  value: string;
  onSearch: (value: string) => void;
  suggestions: readonly string[];
}

/** A free-text location with a suggestion list (spec §2). */
export function LocationField({ label, placeholder, value, onSearch, suggestions }: LocationFieldProps) {
  const id = useId();
  const listId = `${id}-suggestions`;
  const { text, setText } = useDebouncedSearch(value, onSearch);
  return (
    <div>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <input
        id={id}
        className={CONTROL}
        list={listId}
        placeholder={placeholder}
        value={text}
        maxLength={100}
        autoComplete="off"
        onChange={(e) => setText(e.target.value)}
      />
      <datalist id={listId}>
        {suggestions.map((place) => (
          <option key={place} value={place} />
        ))}
      </datalist>
    </div>
  );
}
