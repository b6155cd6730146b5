import { useFormContext } from 'react-hook-form';
import { CATEGORIES, SUBCATEGORIES } from '#shared/categories';
import type { ListingFormValues } from '#shared/listing-form-schema';
import { useT } from '#web/i18n/locale-provider';
import { ListingInput, ListingSelect, ListingTextarea } from './controls';

/** What every listing has: category and subcategory, title, description, price, location, WhatsApp number. */
export function BaseFields() {
  const t = useT();
  const { watch, setValue } = useFormContext<ListingFormValues>();
  const category = watch('category');
  return (
    <>
      <ListingSelect
        name="category"
        label={t('admin.listingForm.category')}
        options={CATEGORIES.map((c) => ({ value: c, label: t(`admin.listings.categories.${c}`) }))}
        // Another category has other subcategories (docs/product.md#listing-form-and-its-validation).
        onPick={() => setValue('subcategory', '')}
      />
      <ListingSelect
        name="subcategory"
        label={t('admin.listingForm.subcategory')}
        placeholder={t('admin.listingForm.selectSubcategory')}
        options={SUBCATEGORIES[category].map((s) => ({ value: s, label: t(`admin.values.subcategories.${s}`) }))}
      />
      <ListingInput name="title" label={t('admin.listingForm.title')} wide />
      <ListingTextarea name="description" label={t('admin.listingForm.description')} />
      <ListingInput
        name="price"
        label={t('admin.listingForm.price')}
        type="number"
        min={0}
        step={0.01}
        inputMode="decimal"
      />
      <ListingInput name="location" label={t('admin.listingForm.location')} />
      <ListingInput name="whatsapp_number" label={t('admin.listingForm.whatsapp')} type="tel" inputMode="tel" />
    </>
  );
}
