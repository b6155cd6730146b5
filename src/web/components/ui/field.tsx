import { type ReactNode, useId } from 'react';

/** The one look of a text box, text area or select (the admin's dark theme included). */
export const CONTROL_CLASS =
  'block min-h-11 w-full rounded-lg border border-gray-400 bg-white px-3 py-2 text-base text-gray-900 focus-visible:border-brand-700 aria-[invalid=true]:border-red-700 disabled:bg-gray-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:disabled:bg-slate-800';

const LABEL_CLASS = 'mb-1 block text-sm font-medium text-gray-900 dark:text-inherit';

/** What a Field hands its control: the id its label points at, and what describes it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A label, its control, a hint and an error, wired together: the label names the control,
 * the hint and the error describe it, and an error marks it invalid. The control is what
 * `children` returns with the props it is given.
 */
export function Field({
  label,
  hint,
  error,
  errorShownIn,
  hideLabel = false,
  id: givenId,
  className,
  children,
}: {
  label: ReactNode;
  /** A line under the control (a limit, a counter). */
  hint?: ReactNode;
  /** The text of the error, already translated; nothing when the value is fine. */
  error?: string | null;
  /** The label is for screen readers only (a placeholder says the same to the eye). */
  hideLabel?: boolean;
  /** Where the error is shown instead, when a form gathers its errors in one banner: its id. */
  errorShownIn?: string;
  id?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const generated = useId();
  const id = givenId ?? generated;
  const errorId = errorShownIn ?? `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : LABEL_CLASS}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}
      {error && !errorShownIn && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      {hint && (
        <div id={hintId} className="mt-1 text-sm text-gray-700 dark:text-slate-300">
          {hint}
        </div>
      )}
    </div>
  );
}
