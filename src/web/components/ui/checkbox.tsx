import type { InputHTMLAttributes, ReactNode } from 'react';

/** A checkbox and its label, the whole line a 44 px target. */
export function Checkbox({
  label,
  className = '',
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: ReactNode;
  ref?: React.Ref<HTMLInputElement>;
}) {
  return (
    <label className={`flex min-h-11 items-center gap-2 text-sm ${className}`}>
      <input type="checkbox" className="size-5 accent-brand-700" {...rest} />
      {label}
    </label>
  );
}
