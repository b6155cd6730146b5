import type { SelectHTMLAttributes } from 'react';
import { CONTROL_CLASS } from './field';

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A select in the kit's look. `placeholder` is a first, empty choice ("Any", "Select an
 * option"); give a Field's control props or an aria-label so it is named.
 */
export function Select({
  options,
  placeholder,
  className = '',
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & {
  options: readonly SelectOption[];
  placeholder?: string;
  ref?: React.Ref<HTMLSelectElement>;
}) {
  return (
    <select className={`${CONTROL_CLASS} ${className}`} {...rest}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
