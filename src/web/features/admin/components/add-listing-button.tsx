import { useT } from '../../../i18n/locale-provider';

/** "+ Add Listing": opens the listing dialog; focus comes back here when it closes. */
export function AddListingButton({ onClick }: { onClick: () => void }) {
  const t = useT();
  return (
    <button
      type="button"
      onClick={onClick}
      className="min-h-11 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      + {t('admin.listings.addListing')}
    </button>
  );
}
