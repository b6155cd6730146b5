import { useT } from '../../../i18n/locale-provider';
import { ModalDialog } from './modal-dialog';

/** Spec §2: a confirm dialog before anything is deleted; it cannot be closed while deleting. */
export function ConfirmDeleteDialog({
  title,
  message,
  deleting,
  onConfirm,
  onCancel,
}: {
  title: string;
  message: string;
  deleting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  const cancel = () => {
    if (!deleting) onCancel();
  };
  return (
    <ModalDialog title={title} onClose={cancel} role="alertdialog" className="max-w-md">
      <div className="p-6">
        <h2 className="text-xl font-bold">{title}</h2>
        <p className="mt-3 text-slate-700 dark:text-slate-300">{message}</p>
        <div className="mt-6 flex justify-end gap-3">
          <button
            type="button"
            onClick={cancel}
            disabled={deleting}
            className="min-h-11 rounded-lg border border-slate-400 px-4 py-2 font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700 dark:hover:bg-slate-700"
          >
            {t('admin.deleteDialog.cancel')}
          </button>
          <button
            type="button"
            disabled={deleting}
            onClick={onConfirm}
            className="min-h-11 rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-70"
          >
            {deleting ? t('admin.deleteDialog.deleting') : t('admin.deleteDialog.confirm')}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
