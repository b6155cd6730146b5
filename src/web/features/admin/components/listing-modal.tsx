import { useEffect, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import {
  CATEGORIES,
  LISTING_TYPES,
  PRODUCT_CONDITIONS,
  PROPERTY_FORM_TYPES,
  RENT_PERIODS,
  SUBCATEGORIES,
} from '../../../../shared/categories';
import type { MessageKey } from '../../../../shared/i18n';
import { IMAGE_SIGNATURE_BYTES } from '../../../../shared/image-kind';
import type { Listing } from '../../../../shared/listing';
import {
  EMPTY_LISTING_FORM,
  imageContentProblem,
  imageFileProblem,
  type ListingFormValues,
  listingPayloadSchema,
  MAX_IMAGES_PER_LISTING,
  toListingPayload,
} from '../../../../shared/listing-form-schema';
import { useT } from '../../../i18n/locale-provider';
import { ApiError } from '../../../lib/api-client';
import { useSaveListing } from '../api/save-listing';
import { resizeImage } from '../lib/resize-image';
import { ErrorBanner } from './error-banner';
import { ModalDialog } from './modal-dialog';

interface PendingImage {
  id: number;
  file: Blob;
  name: string;
  preview: string;
}

/** The one shared schema checks the form, exactly as the server will (spec §5). */
const resolver: Resolver<ListingFormValues> = async (values) => {
  const result = listingPayloadSchema.safeParse(toListingPayload(values));
  if (result.success) return { values, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'title');
    errors[field] ??= { type: 'validation', message: issue.message };
  }
  return { values: {}, errors };
};

function toFormValues(listing: Listing | null): ListingFormValues {
  if (!listing) return EMPTY_LISTING_FORM;
  const text = (v: string | number | null) => (v === null ? '' : String(v));
  return {
    category: listing.category,
    subcategory: listing.subcategory,
    title: listing.title,
    description: listing.description,
    price: text(listing.price),
    location: text(listing.location),
    whatsapp_number: listing.whatsapp_number,
    is_active: listing.is_active,
    product_condition: text(listing.product_condition),
    bedrooms: text(listing.bedrooms),
    bathrooms: text(listing.bathrooms),
    square_feet: text(listing.square_feet),
    property_type: text(listing.property_type),
    listing_type: text(listing.listing_type),
    rent_period: text(listing.rent_period),
    monthly_revenue: text(listing.monthly_revenue),
    years_established: text(listing.years_established),
    business_type: text(listing.business_type),
    country: text(listing.country),
    visa_type: text(listing.visa_type),
    processing_time: text(listing.processing_time),
    requirements: text(listing.requirements),
  };
}

let nextImageId = 1;

/** Spec §2 listing modal, create or edit; all controls are disabled while saving or preparing images. */
export function ListingModal({ listing, onClose }: { listing: Listing | null; onClose: () => void }) {
  const t = useT();
  const save = useSaveListing();
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    formState: { errors },
  } = useForm<ListingFormValues>({ defaultValues: toFormValues(listing), resolver });
  const [existing, setExisting] = useState<string[]>(listing?.image_urls ?? []);
  const [pending, setPending] = useState<PendingImage[]>([]);
  const [invalid, setInvalid] = useState<{ name: string; reason: string }[]>([]);
  const [preparing, setPreparing] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const category = watch('category');
  const listingType = watch('listing_type');
  const busy = save.isPending || preparing;

  const previews = useRef<string[]>([]);
  useEffect(
    () => () => {
      for (const url of previews.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const close = () => {
    if (!busy) onClose();
  };

  async function addFiles(files: FileList | null) {
    if (!files?.length) return;
    setPreparing(true);
    const rejected: { name: string; reason: string }[] = [];
    const accepted: PendingImage[] = [];
    let room = MAX_IMAGES_PER_LISTING - existing.length - pending.length;
    for (const file of Array.from(files)) {
      // As the server will: size and type first, then the file's own first bytes.
      const firstBytes = () => file.slice(0, IMAGE_SIGNATURE_BYTES).arrayBuffer();
      const problem = imageFileProblem(file) ?? imageContentProblem(new Uint8Array(await firstBytes()));
      if (problem) {
        rejected.push({ name: file.name, reason: t(problem) });
        continue;
      }
      if (room <= 0) {
        rejected.push({ name: file.name, reason: t('admin.listingForm.errors.tooManyImages') });
        continue;
      }
      const resized = await resizeImage(file);
      if (!resized) {
        rejected.push({ name: file.name, reason: t('admin.listingForm.errors.imageUnreadable') });
        continue;
      }
      room--;
      const preview = URL.createObjectURL(resized.file);
      previews.current.push(preview);
      accepted.push({ id: nextImageId++, ...resized, preview });
    }
    setInvalid(rejected);
    setPending((current) => [...current, ...accepted]);
    setPreparing(false);
  }

  const onSubmit = handleSubmit(async (values) => {
    setSubmitError(null);
    setProgress(pending.length ? 0 : null);
    try {
      await save.mutateAsync({
        id: listing?.id,
        payload: toListingPayload(values, listing ? existing : undefined),
        images: pending.map(({ file, name }) => ({ file, name })),
        onProgress: setProgress,
      });
      onClose();
    } catch (error) {
      setProgress(null);
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fields)) {
          if (field in values) setError(field as keyof ListingFormValues, { message });
        }
      }
      setSubmitError(
        error instanceof Error && error.message ? error.message : t('admin.listingForm.errors.uploadFailed'),
      );
    }
  });

  const message = (field: keyof ListingFormValues) => {
    const m = errors[field]?.message;
    // Client-side messages are catalog keys; the server's are already text.
    return m ? (m.startsWith('admin.') ? t(m as MessageKey) : m) : null;
  };
  const input =
    'block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-600 disabled:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:disabled:bg-slate-800';
  const field = (name: keyof ListingFormValues, label: string, control: React.ReactNode, full = false) => (
    <div className={full ? 'sm:col-span-2' : ''}>
      <label htmlFor={`listing-${name}`} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {control}
      {message(name) && (
        <p id={`listing-${name}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
          {message(name)}
        </p>
      )}
    </div>
  );
  const a11y = (name: keyof ListingFormValues) => ({
    id: `listing-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `listing-${name}-error` : undefined,
  });
  const categoryField = register('category');

  return (
    <ModalDialog
      title={listing ? t('admin.listingForm.editTitle') : t('admin.listingForm.createTitle')}
      onClose={close}
      className="max-w-3xl"
    >
      <form onSubmit={onSubmit} noValidate className="max-h-[90vh] overflow-y-auto">
        <div className="sticky top-0 z-10 flex items-center justify-between border-b border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-800">
          <h2 className="text-xl font-bold">
            {listing ? t('admin.listingForm.editTitle') : t('admin.listingForm.createTitle')}
          </h2>
          <button
            type="button"
            onClick={close}
            disabled={busy}
            aria-label={t('admin.listingForm.close')}
            className="min-h-11 min-w-11 rounded-full text-2xl hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700 dark:hover:bg-slate-700"
          >
            ×
          </button>
        </div>
        <fieldset disabled={busy} className="grid gap-4 p-4 sm:grid-cols-2">
          {submitError && (
            <div className="sm:col-span-2">
              <ErrorBanner message={submitError} onDismiss={() => setSubmitError(null)} />
            </div>
          )}
          {field(
            'category',
            t('admin.listingForm.category'),
            <select
              {...a11y('category')}
              {...categoryField}
              onChange={(e) => {
                categoryField.onChange(e);
                // Spec §4: changing the category resets the subcategory.
                setValue('subcategory', '');
              }}
              className={input}
            >
              {CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(`admin.listings.categories.${c}`)}
                </option>
              ))}
            </select>,
          )}
          {field(
            'subcategory',
            t('admin.listingForm.subcategory'),
            <select {...a11y('subcategory')} {...register('subcategory')} className={input}>
              <option value="">{t('admin.listingForm.selectSubcategory')}</option>
              {SUBCATEGORIES[category].map((s) => (
                <option key={s} value={s}>
                  {t(`admin.values.subcategories.${s}`)}
                </option>
              ))}
            </select>,
          )}
          {field(
            'title',
            t('admin.listingForm.title'),
            <input {...a11y('title')} {...register('title')} className={input} />,
            true,
          )}
          {field(
            'description',
            t('admin.listingForm.description'),
            <textarea {...a11y('description')} rows={4} {...register('description')} className={input} />,
            true,
          )}
          {field(
            'price',
            t('admin.listingForm.price'),
            <input
              {...a11y('price')}
              type="number"
              min={0}
              step={0.01}
              inputMode="decimal"
              {...register('price')}
              className={input}
            />,
          )}
          {field(
            'location',
            t('admin.listingForm.location'),
            <input {...a11y('location')} {...register('location')} className={input} />,
          )}
          {field(
            'whatsapp_number',
            t('admin.listingForm.whatsapp'),
            <input
              {...a11y('whatsapp_number')}
              type="tel"
              inputMode="tel"
              {...register('whatsapp_number')}
              className={input}
            />,
          )}

          {category === 'product' &&
            field(
              'product_condition',
              t('admin.listingForm.productCondition'),
              <select {...a11y('product_condition')} {...register('product_condition')} className={input}>
                <option value="">{t('admin.listingForm.selectOption')}</option>
                {PRODUCT_CONDITIONS.map((c) => (
                  <option key={c} value={c}>
                    {t(`admin.values.conditions.${c}`)}
                  </option>
                ))}
              </select>,
            )}
          {category === 'property' && (
            <>
              {field(
                'listing_type',
                t('admin.listingForm.listingType'),
                <select {...a11y('listing_type')} {...register('listing_type')} className={input}>
                  <option value="">{t('admin.listingForm.selectOption')}</option>
                  {LISTING_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(`admin.listingForm.listingTypes.${type}`)}
                    </option>
                  ))}
                </select>,
              )}
              {listingType === 'rent' &&
                field(
                  'rent_period',
                  t('admin.listingForm.rentPeriod'),
                  <select {...a11y('rent_period')} {...register('rent_period')} className={input}>
                    <option value="">{t('admin.listingForm.selectOption')}</option>
                    {RENT_PERIODS.map((period) => (
                      <option key={period} value={period}>
                        {t(`admin.listingForm.rentPeriods.${period}`)}
                      </option>
                    ))}
                  </select>,
                )}
              {field(
                'property_type',
                t('admin.listingForm.propertyType'),
                <select {...a11y('property_type')} {...register('property_type')} className={input}>
                  <option value="">{t('admin.listingForm.selectOption')}</option>
                  {PROPERTY_FORM_TYPES.map((c) => (
                    <option key={c} value={c}>
                      {t(`admin.values.propertyTypes.${c}`)}
                    </option>
                  ))}
                </select>,
              )}
              {field(
                'bedrooms',
                t('admin.listingForm.bedrooms'),
                <input {...a11y('bedrooms')} type="number" min={0} {...register('bedrooms')} className={input} />,
              )}
              {field(
                'bathrooms',
                t('admin.listingForm.bathrooms'),
                <input {...a11y('bathrooms')} type="number" min={0} {...register('bathrooms')} className={input} />,
              )}
              {field(
                'square_feet',
                t('admin.listingForm.squareFeet'),
                <input {...a11y('square_feet')} type="number" min={0} {...register('square_feet')} className={input} />,
              )}
            </>
          )}
          {category === 'business' && (
            <>
              {field(
                'business_type',
                t('admin.listingForm.businessType'),
                <input {...a11y('business_type')} {...register('business_type')} className={input} />,
              )}
              {field(
                'monthly_revenue',
                t('admin.listingForm.monthlyRevenue'),
                <input
                  {...a11y('monthly_revenue')}
                  type="number"
                  min={0}
                  step={1000}
                  {...register('monthly_revenue')}
                  className={input}
                />,
              )}
              {field(
                'years_established',
                t('admin.listingForm.yearsEstablished'),
                <input
                  {...a11y('years_established')}
                  type="number"
                  min={0}
                  max={100}
                  {...register('years_established')}
                  className={input}
                />,
              )}
            </>
          )}
          {category === 'visa' && (
            <>
              {field(
                'country',
                t('admin.listingForm.country'),
                <input {...a11y('country')} {...register('country')} className={input} />,
              )}
              {field(
                'visa_type',
                t('admin.listingForm.visaType'),
                <input {...a11y('visa_type')} {...register('visa_type')} className={input} />,
              )}
              {field(
                'processing_time',
                t('admin.listingForm.processingTime'),
                <input
                  {...a11y('processing_time')}
                  placeholder={t('admin.listingForm.processingTimePlaceholder')}
                  {...register('processing_time')}
                  className={input}
                />,
              )}
              {field(
                'requirements',
                t('admin.listingForm.requirements'),
                <textarea {...a11y('requirements')} rows={4} {...register('requirements')} className={input} />,
                true,
              )}
            </>
          )}

          {listing && (
            <label className="flex min-h-11 items-center gap-2 text-sm font-medium sm:col-span-2">
              <input type="checkbox" {...register('is_active')} className="size-5 accent-brand-700" />
              {t('admin.listingForm.active')}
            </label>
          )}

          <div className="sm:col-span-2">
            <label htmlFor="listing-images" className="mb-1 block text-sm font-medium">
              {t('admin.listingForm.images')}
            </label>
            {/* The browser's own control would say "No file chosen" while images wait: ours says what is queued. */}
            <div className="flex flex-wrap items-center gap-3">
              <input
                id="listing-images"
                type="file"
                multiple
                accept="image/jpeg,image/png,image/webp"
                aria-describedby="listing-images-queued listing-images-hint"
                onChange={(e) => {
                  void addFiles(e.target.files);
                  e.target.value = '';
                }}
                className="peer sr-only"
              />
              <label
                htmlFor="listing-images"
                className="inline-flex min-h-11 cursor-pointer items-center rounded-lg bg-brand-50 px-4 font-semibold text-brand-800 peer-focus-visible:outline-2 peer-focus-visible:outline-brand-700 peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
              >
                {t('admin.listingForm.chooseImages')}
              </label>
              <p id="listing-images-queued" aria-live="polite" className="min-w-0 text-sm break-words">
                {pending.length === 0
                  ? t('admin.listingForm.noImagesQueued')
                  : t('admin.listingForm.imagesQueued', {
                      n: pending.length,
                      names: pending.map((image) => image.name).join(', '),
                    })}
              </p>
            </div>
            <p id="listing-images-hint" className="mt-1 text-xs text-slate-700 dark:text-slate-300">
              {t('admin.listingForm.imagesHint')}
            </p>
            {invalid.length > 0 && (
              <div
                role="alert"
                className="mt-2 rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-100"
              >
                <p className="font-medium">{t('admin.listingForm.invalidFiles')}</p>
                <ul className="mt-1 list-disc pl-5">
                  {invalid.map((f, i) => (
                    <li key={`${i}:${f.name}`}>
                      {f.name}: {f.reason}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {(existing.length > 0 || pending.length > 0) && (
              <ul className="mt-3 flex flex-wrap gap-2">
                {existing.map((url, i) => (
                  <li key={url} className="relative">
                    <img src={url} alt="" className="h-20 w-28 rounded object-cover" />
                    <button
                      type="button"
                      onClick={() => setExisting((list) => list.filter((u) => u !== url))}
                      aria-label={t('admin.listingForm.removeImage', { n: i + 1 })}
                      className="absolute -top-2 -right-2 size-8 rounded-full bg-red-700 text-white focus-visible:outline-2 focus-visible:outline-red-900"
                    >
                      ×
                    </button>
                  </li>
                ))}
                {pending.map((image, i) => (
                  <li key={image.id} className="relative">
                    <img src={image.preview} alt="" className="h-20 w-28 rounded object-cover" />
                    <button
                      type="button"
                      onClick={() => setPending((list) => list.filter((p) => p.id !== image.id))}
                      aria-label={t('admin.listingForm.removeImage', { n: existing.length + i + 1 })}
                      className="absolute -top-2 -right-2 size-8 rounded-full bg-red-700 text-white focus-visible:outline-2 focus-visible:outline-red-900"
                    >
                      ×
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {progress !== null && save.isPending && (
              <div className="mt-3">
                <p className="text-sm">{t('admin.listingForm.uploading', { percent: progress })}</p>
                <progress
                  value={progress}
                  max={100}
                  className="h-2 w-full accent-brand-700"
                  aria-label={t('admin.listingForm.images')}
                />
              </div>
            )}
          </div>
        </fieldset>
        <div className="sticky bottom-0 flex justify-end gap-3 border-t border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-800">
          <button
            type="button"
            onClick={close}
            disabled={busy}
            className="min-h-11 rounded-lg border border-slate-400 px-4 py-2 font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700 dark:hover:bg-slate-700"
          >
            {t('admin.listingForm.cancel')}
          </button>
          <button
            type="submit"
            disabled={busy}
            className="min-h-11 rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-70"
          >
            {save.isPending
              ? t('admin.listingForm.saving')
              : listing
                ? t('admin.listingForm.save')
                : t('admin.listingForm.create')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
