import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '#web/lib/api-client';

/**
 * Shows a refused request on its form: each field the server named gets its message, and
 * anything else (a 429, a 503, a network failure) goes to the form's `root` error.
 */
export function showFieldErrors<T extends FieldValues, Output>(
  form: UseFormReturn<T, unknown, Output>,
  error: unknown,
): void {
  const fields = error instanceof ApiError ? error.fields : {};
  const names = Object.keys(fields);
  for (const name of names) form.setError(name as Path<T>, { message: fields[name] });
  if (names.length === 0) form.setError('root', { message: error instanceof Error ? error.message : String(error) });
}

/**
 * A form's submit handler: the form's own check (its resolver) first, then `send`; a refusal
 * shows on the form (showFieldErrors). The one way staff forms send.
 */
export function submitHandler<T extends FieldValues, Output>(
  form: UseFormReturn<T, unknown, Output>,
  send: (value: Output) => Promise<unknown>,
) {
  return form.handleSubmit(async (value) => {
    try {
      await send(value);
    } catch (thrown) {
      showFieldErrors(form, thrown);
    }
  });
}
