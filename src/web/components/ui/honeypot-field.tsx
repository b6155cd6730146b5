import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * A field people never see and bots fill in: a form whose honeypot is filled is dropped by the
 * server. `control` is react-hook-form's registration, or just the field's name.
 */
export function HoneypotField({
  id,
  label,
  control,
}: {
  id: string;
  label: string;
  control: UseFormRegisterReturn | { name: string };
}) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="text" tabIndex={-1} autoComplete="off" {...control} />
    </div>
  );
}
