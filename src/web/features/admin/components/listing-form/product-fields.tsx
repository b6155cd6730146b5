import { PRODUCT_CONDITIONS } from '#shared/categories';
import { useT } from '#web/i18n/locale-provider';
import { ListingSelect } from './controls';

/** A product's own field: its condition. */
export function ProductFields() {
  const t = useT();
  return (
    <ListingSelect
      name="product_condition"
      label={t('admin.listingForm.productCondition')}
      placeholder={t('admin.listingForm.selectOption')}
      options={PRODUCT_CONDITIONS.map((c) => ({ value: c, label: t(`admin.values.conditions.${c}`) }))}
    />
  );
}
