import { type ReactNode, useLayoutEffect, useRef } from 'react';

/**
 * A modal dialog on the native <dialog>: while it is open the rest of the page is inert, so
 * focus stays inside; Escape asks to close (`onClose` decides, e.g. not while saving); when it
 * goes, focus returns to whatever opened it.
 */
export function Dialog({
  label,
  onClose,
  children,
  className = 'max-w-lg',
  role,
}: {
  /** The dialog's accessible name (usually its heading). */
  label: string;
  onClose: () => void;
  children: ReactNode;
  /** Width and other classes of the box. */
  className?: string;
  /** "alertdialog" for a question that interrupts (a confirmation, a warning). */
  role?: 'alertdialog';
}) {
  const ref = useRef<HTMLDialogElement>(null);
  // A layout effect: its cleanup runs while the dialog is still in the page.
  useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      role={role}
      aria-label={label}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className={`m-auto w-[calc(100%-1.5rem)] ${className} rounded-xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/60 dark:bg-slate-800 dark:text-slate-100`}
    >
      {children}
    </dialog>
  );
}
