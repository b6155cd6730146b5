import { type ComponentType, useState } from 'react';
import { FormProvider, type Resolver, useForm } from 'react-hook-form';
import type { Category } from '#shared/categories';
import type { Listing } from '#shared/listing';
import {
  type ListingFormValues,
  listingFormValues,
  listingPayloadSchema,
  toListingPayload,
} from '#shared/listing-form-schema';
import { Button } from '#web/components/ui/button';
import { Checkbox } from '#web/components/ui/checkbox';
import { Dialog } from '#web/components/ui/dialog';
import { useDecideSubmission } from '#web/features/admin/api/decide-submission';
import { newFormKey, useSaveListing } from '#web/features/admin/api/save-listing';
import { useT } from '#web/i18n/locale-provider';
import { ApiError } from '#web/lib/api-client';
import { ErrorBanner } from './error-banner';
import { BaseFields } from './listing-form/base-fields';
import { BusinessFields } from './listing-form/business-fields';
import { ImagePicker, useListingImages } from './listing-form/image-picker';
import { ProductFields } from './listing-form/product-fields';
import { PropertyFields } from './listing-form/property-fields';
import { VisaFields } from './listing-form/visa-fields';

/** Each category's own fields, after the ones every listing has. */
const CATEGORY_FIELDS: Record<Category, ComponentType> = {
  product: ProductFields,
  property: PropertyFields,
  business: BusinessFields,
  visa: VisaFields,
};

/** The one shared schema checks the form, exactly as the server will (docs/product.md#listing-form-and-its-validation). */
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

/**
 * The listing form (docs/product.md#listing-form-and-its-validation), create or edit; all
 * controls are disabled while saving or preparing images. With `approving`, it edits a
 * seller's listing and approves it as edited (its photos a choice among the seller's).
 */
export function ListingModal({
  listing,
  onClose,
  approving,
}: {
  listing: Listing | null;
  onClose: () => void;
  approving?: { submissionId: string };
}) {
  const t = useT();
  const saveListing = useSaveListing();
  const decide = useDecideSubmission();
  const save = approving ? decide : saveListing;
  const form = useForm<ListingFormValues>({ defaultValues: listingFormValues(listing), resolver });
  const images = useListingImages(listing?.image_urls ?? []);
  const [progress, setProgress] = useState<number | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  // One per form: submitting it again after a timeout answers with the listing already made.
  const [formKey] = useState(newFormKey);
  const CategoryFields = CATEGORY_FIELDS[form.watch('category')];
  const busy = save.isPending || images.preparing;
  const title = approving
    ? t('adminSubmissions.editTitle')
    : listing
      ? t('admin.listingForm.editTitle')
      : t('admin.listingForm.createTitle');

  const close = () => {
    if (!busy) onClose();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setSubmitError(null);
    setProgress(images.pending.length ? 0 : null);
    try {
      if (approving) {
        // The seller's photos are kept or dropped here; new ones are added once it is a listing.
        if (images.pending.length) throw new Error(t('adminSubmissions.noNewPhotos'));
        await decide.mutateAsync({
          id: approving.submissionId,
          decision: { decision: 'approve', listing: toListingPayload(values, images.existing) },
        });
        onClose();
        return;
      }
      await saveListing.mutateAsync({
        id: listing?.id,
        payload: toListingPayload(values, listing ? images.existing : undefined),
        images: images.pending.map(({ file, name }) => ({ file, name })),
        onProgress: setProgress,
        formKey,
      });
      onClose();
    } catch (error) {
      setProgress(null);
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fields)) {
          if (field in values) form.setError(field as keyof ListingFormValues, { message });
        }
      }
      setSubmitError(
        error instanceof Error && error.message ? error.message : t('admin.listingForm.errors.uploadFailed'),
      );
    }
  });

  return (
    <Dialog label={title} onClose={close} className="max-w-3xl">
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate className="max-h-[90vh] overflow-y-auto">
          <div className="sticky top-0 z-10 flex items-center justify-between border-b border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-800">
            <h2 className="text-xl font-bold">{title}</h2>
            <Button
              variant="ghost"
              size="icon"
              onClick={close}
              disabled={busy}
              aria-label={t('admin.listingForm.close')}
              className="text-2xl"
            >
              ×
            </Button>
          </div>
          <fieldset disabled={busy} className="grid gap-4 p-4 sm:grid-cols-2">
            {submitError && (
              <div className="sm:col-span-2">
                <ErrorBanner message={submitError} onDismiss={() => setSubmitError(null)} />
              </div>
            )}
            <BaseFields />
            <CategoryFields />
            {listing && (
              <Checkbox
                label={t('admin.listingForm.active')}
                className="font-medium sm:col-span-2"
                {...form.register('is_active')}
              />
            )}
            <ImagePicker images={images} progress={saveListing.isPending ? progress : null} />
          </fieldset>
          <div className="sticky bottom-0 flex justify-end gap-3 border-t border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-800">
            <Button variant="secondary" onClick={close} disabled={busy}>
              {t('admin.listingForm.cancel')}
            </Button>
            <Button type="submit" disabled={busy} loading={save.isPending} loadingText={t('admin.listingForm.saving')}>
              {approving
                ? t('adminSubmissions.approve')
                : listing
                  ? t('admin.listingForm.save')
                  : t('admin.listingForm.create')}
            </Button>
          </div>
        </form>
      </FormProvider>
    </Dialog>
  );
}
