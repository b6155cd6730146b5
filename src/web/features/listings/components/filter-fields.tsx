import { CONTROL_CLASS, Field } from '#web/components/ui/field';
import { Select, type SelectOption } from '#web/components/ui/select';
import { useDebouncedSearch } from '#web/features/listings/hooks/use-listing-search-params';

interface SelectFieldProps {
  /** The form field's name: the URL parameter (a range's row name). */
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The first option, meaning "no filter". */
  anyLabel: string;
  options: readonly SelectOption[];
}

export function SelectField({ name, label, value, onChange, anyLabel, options }: SelectFieldProps) {
  return (
    <Field label={label}>
      {(control) => (
        <Select
          {...control}
          name={name}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={anyLabel}
          options={options}
        />
      )}
    </Field>
  );
}

interface TextFieldProps {
  name: string;
  label: string;
  placeholder: string;
  value: string;
  onSearch: (value: string) => void;
  /** The browser's own suggestion list (the location box). */
  suggestions?: readonly string[];
}

/** Search and location boxes: results follow the typing (debounced), without a page reload. */
export function TextField({ name, label, placeholder, value, onSearch, suggestions }: TextFieldProps) {
  const { text, setText } = useDebouncedSearch(value, onSearch);
  return (
    <Field label={label}>
      {(control) => (
        <>
          <input
            {...control}
            name={name}
            type={suggestions ? undefined : 'search'}
            className={CONTROL_CLASS}
            list={suggestions ? `${control.id}-suggestions` : undefined}
            placeholder={placeholder}
            value={text}
            maxLength={100}
            autoComplete="off"
            onChange={(e) => setText(e.target.value)}
          />
          {suggestions && (
            <datalist id={`${control.id}-suggestions`}>
              {suggestions.map((place) => (
                <option key={place} value={place} />
              ))}
            </datalist>
          )}
        </>
      )}
    </Field>
  );
}
