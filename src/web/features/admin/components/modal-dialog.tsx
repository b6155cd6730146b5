import { type ReactNode, useLayoutEffect, useRef } from 'react';

/**
 * A native modal <dialog>: focus is kept inside and Escape closes it. `onClose` runs on
 * Escape; callers decide whether closing is allowed (not while saving). When it goes, focus
 * returns to what opened it (the "+ Add Listing" button, a row's Edit).
 */
export function ModalDialog({
  title,
  onClose,
  children,
  className = 'max-w-lg',
  role,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
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
      aria-label={title}
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
