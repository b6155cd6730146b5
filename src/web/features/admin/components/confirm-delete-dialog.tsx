import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { useT } from '#web/i18n/locale-provider';

/**
 * docs/product.md#deleting-a-listing: a confirm dialog before anything is deleted (or another step that cannot be
 * undone, with its own `confirmLabel`); it cannot be closed while the step runs.
 */
export function ConfirmDeleteDialog({
  title,
  message,
  deleting,
  onConfirm,
  onCancel,
  confirmLabel,
}: {
  title: string;
  message: string;
  deleting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  confirmLabel?: string;
}) {
  const t = useT();
  const cancel = () => {
    if (!deleting) onCancel();
  };
  return (
    <Dialog label={title} onClose={cancel} role="alertdialog" className="max-w-md">
      <div className="p-6">
        <h2 className="text-xl font-bold">{title}</h2>
        <p className="mt-3 text-slate-700 dark:text-slate-300">{message}</p>
        <div className="mt-6 flex justify-end gap-3">
          <Button variant="secondary" onClick={cancel} disabled={deleting}>
            {t('admin.deleteDialog.cancel')}
          </Button>
          <Button
            variant="danger"
            onClick={onConfirm}
            loading={deleting}
            loadingText={confirmLabel ?? t('admin.deleteDialog.deleting')}
          >
            {confirmLabel ?? t('admin.deleteDialog.confirm')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
