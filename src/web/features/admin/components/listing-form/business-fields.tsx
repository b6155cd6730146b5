import { useT } from '#web/i18n/locale-provider';
import { ListingInput } from './controls';

/** A business's own fields: its type, monthly revenue and age. */
export function BusinessFields() {
  const t = useT();
  return (
    <>
      <ListingInput name="business_type" label={t('admin.listingForm.businessType')} />
      <ListingInput
        name="monthly_revenue"
        label={t('admin.listingForm.monthlyRevenue')}
        type="number"
        min={0}
        step={1000}
      />
      <ListingInput
        name="years_established"
        label={t('admin.listingForm.yearsEstablished')}
        type="number"
        min={0}
        max={100}
      />
    </>
  );
}
