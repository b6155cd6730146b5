import { useFormContext } from 'react-hook-form';
import { LISTING_TYPES, PROPERTY_FORM_TYPES, RENT_PERIODS } from '#shared/categories';
import type { ListingFormValues } from '#shared/listing-form-schema';
import { useT } from '#web/i18n/locale-provider';
import { ListingInput, ListingSelect } from './controls';

/** A property's own fields: for sale or rent (and then per what period), its type and size. */
export function PropertyFields() {
  const t = useT();
  const listingType = useFormContext<ListingFormValues>().watch('listing_type');
  const choose = t('admin.listingForm.selectOption');
  return (
    <>
      <ListingSelect
        name="listing_type"
        label={t('admin.listingForm.listingType')}
        placeholder={choose}
        options={LISTING_TYPES.map((type) => ({ value: type, label: t(`admin.listingForm.listingTypes.${type}`) }))}
      />
      {listingType === 'rent' && (
        <ListingSelect
          name="rent_period"
          label={t('admin.listingForm.rentPeriod')}
          placeholder={choose}
          options={RENT_PERIODS.map((period) => ({
            value: period,
            label: t(`admin.listingForm.rentPeriods.${period}`),
          }))}
        />
      )}
      <ListingSelect
        name="property_type"
        label={t('admin.listingForm.propertyType')}
        placeholder={choose}
        options={PROPERTY_FORM_TYPES.map((c) => ({ value: c, label: t(`admin.values.propertyTypes.${c}`) }))}
      />
      <ListingInput name="bedrooms" label={t('admin.listingForm.bedrooms')} type="number" min={0} />
      <ListingInput name="bathrooms" label={t('admin.listingForm.bathrooms')} type="number" min={0} />
      <ListingInput name="square_feet" label={t('admin.listingForm.squareFeet')} type="number" min={0} />
    </>
  );
}
