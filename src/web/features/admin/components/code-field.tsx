import type { UseFormRegisterReturn } from 'react-hook-form';
import type { MessageKey } from '#shared/i18n';
import { CONTROL_CLASS, Field } from '#web/components/ui/field';
import { useT } from '#web/i18n/locale-provider';

/**
 * A two-factor code input in a Field (six digits or a recovery code): `error` is a catalog
 * key from the shared schema or a message the server already translated.
 */
export function CodeField({
  id,
  label,
  error,
  registration,
}: {
  id: string;
  label: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  const t = useT();
  return (
    <Field id={id} label={label} error={error ? t(error as MessageKey) : undefined}>
      {(control) => <input {...control} autoComplete="one-time-code" className={CONTROL_CLASS} {...registration} />}
    </Field>
  );
}
