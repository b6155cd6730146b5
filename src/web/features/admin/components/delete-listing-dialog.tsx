import type { Listing } from '../../../../shared/listing';
import { useT } from '../../../i18n/locale-provider';
import { useDeleteListing } from '../api/delete-listing';
import { ModalDialog } from './modal-dialog';

/** Spec §4: confirm, deleting, then the list reloads and the dialog closes. */
export function DeleteListingDialog({
  listing,
  onClose,
  onError,
}: {
  listing: Listing;
  onClose: () => void;
  onError: (message: string) => void;
}) {
  const t = useT();
  const remove = useDeleteListing();
  const close = () => {
    if (!remove.isPending) onClose();
  };
  return (
    <ModalDialog title={t('admin.deleteDialog.title')} onClose={close} role="alertdialog" className="max-w-md">
      <div className="p-6">
        <h2 className="text-xl font-bold">{t('admin.deleteDialog.title')}</h2>
        <p className="mt-3 text-slate-700 dark:text-slate-300">
          {t('admin.deleteDialog.message', { title: listing.title })}
        </p>
        <div className="mt-6 flex justify-end gap-3">
          <button
            type="button"
            onClick={close}
            disabled={remove.isPending}
            className="min-h-11 rounded-lg border border-slate-400 px-4 py-2 font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700 dark:hover:bg-slate-700"
          >
            {t('admin.deleteDialog.cancel')}
          </button>
          <button
            type="button"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(listing.id, {
                onSuccess: onClose,
                onError: (error) => {
                  onError(error.message);
                  onClose();
                },
              })
            }
            className="min-h-11 rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-70"
          >
            {remove.isPending ? t('admin.deleteDialog.deleting') : t('admin.deleteDialog.confirm')}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
