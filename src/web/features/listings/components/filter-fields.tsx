import type { MessageKey } from '../../../../shared/i18n';
import type { RangeOption, SelectOption } from '../../../../shared/listing-filters';
import { CONTROL_CLASS, Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { useT } from '../../../i18n/locale-provider';
import { rangeValue, useDebouncedSearch } from '../hooks/use-listing-search-params';

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
  return (
    <Field label={label}>
      {(control) => (
        <Select
          {...control}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={t(anyLabel)}
          options={options.map((o) => ({ value: o.value, label: t(o.label) }))}
        />
      )}
    </Field>
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
  const { text, setText } = useDebouncedSearch(value, onSearch);
  return (
    <Field label={label}>
      {(control) => (
        <input
          {...control}
          type="search"
          className={CONTROL_CLASS}
          placeholder={placeholder}
          value={text}
          maxLength={100}
          autoComplete="off"
          onChange={(e) => setText(e.target.value)}
        />
      )}
    </Field>
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
  const { text, setText } = useDebouncedSearch(value, onSearch);
  return (
    <Field label={label}>
      {(control) => (
        <>
          <input
            {...control}
            className={CONTROL_CLASS}
            list={`${control.id}-suggestions`}
            placeholder={placeholder}
            value={text}
            maxLength={100}
            autoComplete="off"
            onChange={(e) => setText(e.target.value)}
          />
          <datalist id={`${control.id}-suggestions`}>
            {suggestions.map((place) => (
              <option key={place} value={place} />
            ))}
          </datalist>
        </>
      )}
    </Field>
  );
}
