import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useFormContext } from 'react-hook-form';
import type { MessageKey } from '#shared/i18n';
import type { ListingFormValues } from '#shared/listing-form-schema';
import { CONTROL_CLASS, Field } from '#web/components/ui/field';
import { Select, type SelectOption } from '#web/components/ui/select';
import { useT } from '#web/i18n/locale-provider';

type Name = keyof ListingFormValues;

interface ListingFieldProps {
  name: Name;
  label: string;
  /** Across both columns (long texts). */
  wide?: boolean;
}

/** The Field of one listing value: its label, its error (a catalog key from the form, text from the server). */
function ListingField({
  name,
  label,
  wide,
  children,
}: ListingFieldProps & { children: Parameters<typeof Field>[0]['children'] }) {
  const t = useT();
  const message = useFormContext<ListingFormValues>().formState.errors[name]?.message;
  const error = message ? (message.startsWith('admin.') ? t(message as MessageKey) : message) : null;
  return (
    <Field id={`listing-${name}`} label={label} error={error} className={wide ? 'sm:col-span-2' : undefined}>
      {children}
    </Field>
  );
}

/** A text or number box bound to the listing form. */
export function ListingInput({
  name,
  label,
  wide,
  ...input
}: ListingFieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const { register } = useFormContext<ListingFormValues>();
  return (
    <ListingField name={name} label={label} wide={wide}>
      {(control) => <input {...control} {...input} {...register(name)} className={CONTROL_CLASS} />}
    </ListingField>
  );
}

/** A text area bound to the listing form, across both columns. */
export function ListingTextarea({
  name,
  label,
  ...textarea
}: ListingFieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { register } = useFormContext<ListingFormValues>();
  return (
    <ListingField name={name} label={label} wide>
      {(control) => <textarea {...control} rows={4} {...textarea} {...register(name)} className={CONTROL_CLASS} />}
    </ListingField>
  );
}

/** A select bound to the listing form; `onPick` runs after the form has the new value. */
export function ListingSelect({
  name,
  label,
  options,
  placeholder,
  onPick,
}: ListingFieldProps & { options: readonly SelectOption[]; placeholder?: string; onPick?: () => void }) {
  const { register } = useFormContext<ListingFormValues>();
  const registered = register(name);
  return (
    <ListingField name={name} label={label}>
      {(control) => (
        <Select
          {...control}
          {...registered}
          onChange={async (event) => {
            await registered.onChange(event);
            onPick?.();
          }}
          placeholder={placeholder}
          options={options}
        />
      )}
    </ListingField>
  );
}
