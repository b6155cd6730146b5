import { Button } from '#web/components/ui/button';
import { useT } from '#web/i18n/locale-provider';

/** "+ Add Listing": opens the listing dialog; focus comes back here when it closes. */
export function AddListingButton({ onClick }: { onClick: () => void }) {
  const t = useT();
  return <Button onClick={onClick}>+ {t('admin.listings.addListing')}</Button>;
}
