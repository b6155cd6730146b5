import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A native modal <dialog>: focus is kept inside and Escape closes it. `onClose` runs on
 * Escape; callers decide whether closing is allowed (not while saving).
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
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
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
