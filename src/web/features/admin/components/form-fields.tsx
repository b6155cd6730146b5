import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import { type FieldValues, get, type Path, type RegisterOptions, useFormContext } from 'react-hook-form';
import type { MessageKey } from '#shared/i18n';
import { CONTROL_CLASS, Field } from '#web/components/ui/field';
import { Select, type SelectOption } from '#web/components/ui/select';
import { useT } from '#web/i18n/locale-provider';

/** A catalog key, as the shared schemas give their messages (the server's answers are text). */
const CATALOG_KEY = /^[a-z]\w*(\.\w+)+$/i;

interface FormFieldProps<T extends FieldValues> {
  name: Path<T>;
  label: string;
  hint?: ReactNode;
  className?: string;
  /** How the typed text becomes the value (a number, null for empty). */
  setValueAs?: RegisterOptions<T>['setValueAs'];
}

/** The Field of one value of the surrounding form: its label, hint and error. */
function FormField<T extends FieldValues>({
  name,
  label,
  hint,
  className,
  children,
}: FormFieldProps<T> & { children: Parameters<typeof Field>[0]['children'] }) {
  const t = useT();
  const message = (get(useFormContext<T>().formState.errors, name) as { message?: string } | undefined)?.message;
  const error = message ? (CATALOG_KEY.test(message) ? t(message as MessageKey) : message) : null;
  return (
    <Field id={`field-${name.replaceAll('.', '-')}`} label={label} hint={hint} error={error} className={className}>
      {children}
    </Field>
  );
}

/** A text box bound to the surrounding react-hook-form form. */
export function FormInput<T extends FieldValues>({
  name,
  label,
  hint,
  className,
  setValueAs,
  ...input
}: FormFieldProps<T> & Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>) {
  const { register } = useFormContext<T>();
  return (
    <FormField name={name} label={label} hint={hint} className={className}>
      {(control) => (
        <input
          {...control}
          {...input}
          {...register(name, setValueAs ? { setValueAs } : {})}
          className={CONTROL_CLASS}
        />
      )}
    </FormField>
  );
}

/** A text area bound to the surrounding form. */
export function FormTextarea<T extends FieldValues>({
  name,
  label,
  hint,
  className,
  ...textarea
}: FormFieldProps<T> & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name'>) {
  const { register } = useFormContext<T>();
  return (
    <FormField name={name} label={label} hint={hint} className={className}>
      {(control) => <textarea {...control} rows={4} {...textarea} {...register(name)} className={CONTROL_CLASS} />}
    </FormField>
  );
}

/** A select bound to the surrounding form. */
export function FormSelect<T extends FieldValues>({
  name,
  label,
  hint,
  className,
  options,
  setValueAs,
}: FormFieldProps<T> & { options: readonly SelectOption[] }) {
  const { register } = useFormContext<T>();
  return (
    <FormField name={name} label={label} hint={hint} className={className}>
      {(control) => <Select {...control} {...register(name, setValueAs ? { setValueAs } : {})} options={options} />}
    </FormField>
  );
}
