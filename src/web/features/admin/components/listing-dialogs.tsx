import { useState } from 'react';
import type { Listing } from '#shared/listing';
import { DeleteListingDialog } from './delete-listing-dialog';
import { ListingModal } from './listing-modal';

/** The listing dialog (create or edit) and the delete confirmation, for any list of listings. */
export function useListingDialogs(onError: (message: string) => void) {
  const [editing, setEditing] = useState<Listing | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Listing | null>(null);
  const dialogs = (
    <>
      {editing && <ListingModal listing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {deleting && <DeleteListingDialog listing={deleting} onClose={() => setDeleting(null)} onError={onError} />}
    </>
  );
  return { create: () => setEditing('new'), edit: setEditing, remove: setDeleting, dialogs };
}
