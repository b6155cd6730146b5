import type { Listing } from '#shared/listing';
import { useDeleteListing } from '#web/features/admin/api/delete-listing';
import { useT } from '#web/i18n/locale-provider';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';

/** docs/product.md#deleting-a-listing: confirm, deleting, then the list reloads and the dialog closes. */
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
  return (
    <ConfirmDeleteDialog
      title={t('admin.deleteDialog.title')}
      message={t('admin.deleteDialog.message', { title: listing.title })}
      deleting={remove.isPending}
      onCancel={onClose}
      onConfirm={() =>
        remove.mutate(listing.id, {
          onSuccess: onClose,
          onError: (error) => {
            onError(error.message);
            onClose();
          },
        })
      }
    />
  );
}
