import { useT } from '#web/i18n/locale-provider';
import { ListingInput, ListingTextarea } from './controls';

/** A visa service's own fields: country, visa type, processing time and requirements. */
export function VisaFields() {
  const t = useT();
  return (
    <>
      <ListingInput name="country" label={t('admin.listingForm.country')} />
      <ListingInput name="visa_type" label={t('admin.listingForm.visaType')} />
      <ListingInput
        name="processing_time"
        label={t('admin.listingForm.processingTime')}
        placeholder={t('admin.listingForm.processingTimePlaceholder')}
      />
      <ListingTextarea name="requirements" label={t('admin.listingForm.requirements')} />
    </>
  );
}
