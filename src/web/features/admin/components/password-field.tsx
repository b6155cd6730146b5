import type { UseFormRegisterReturn } from 'react-hook-form';
import type { MessageKey } from '#shared/i18n';
import { CONTROL_CLASS, Field } from '#web/components/ui/field';
import { useT } from '#web/i18n/locale-provider';

/**
 * A password input in a Field: `error` is a catalog key from the shared schema or a
 * message the server already translated.
 */
export function PasswordField({
  id,
  label,
  hint,
  error,
  autoComplete,
  registration,
}: {
  id: string;
  label: string;
  hint?: string;
  error: string | undefined;
  autoComplete: 'current-password' | 'new-password';
  registration: UseFormRegisterReturn;
}) {
  const t = useT();
  return (
    <Field id={id} label={label} hint={hint} error={error ? t(error as MessageKey) : undefined}>
      {(control) => (
        <input {...control} type="password" autoComplete={autoComplete} className={CONTROL_CLASS} {...registration} />
      )}
    </Field>
  );
}
