import type { ReactNode } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import {
  type Category,
  LISTING_TYPES,
  PRODUCT_CONDITIONS,
  PROPERTY_FORM_TYPES,
  RENT_PERIODS,
  SUBCATEGORIES,
} from '#shared/categories';
import { HONEYPOT_FIELD } from '#shared/contact-fields';
import type { MessageKey } from '#shared/i18n';
import type { Translate } from '#shared/i18n/core';
import { KEEP_PHOTOS_FIELD } from '#shared/page-forms';
import { Button } from '#web/components/ui/button';
import { CONTROL_CLASS, Field } from '#web/components/ui/field';
import { FormMessage } from '#web/components/ui/form-message';
import { HoneypotField } from '#web/components/ui/honeypot-field';
import { useT } from '#web/i18n/locale-provider';
import { PHOTOS_FIELD } from './sell-action';

/** A choice's words: the public catalog's, where the listings pages name the same values. */
function optionLabel(t: Translate, group: string, value: string): string {
  const key = `${group}.${value}` as MessageKey;
  const text = t(key);
  return text === key ? value : text;
}

const SUBCATEGORY_GROUP: Record<Category, string> = {
  product: 'listings.subcategories',
  property: 'listings.propertyTypes',
  business: 'listings.subcategories',
  visa: 'listings.visa.types',
};

type FieldSpec =
  | { name: string; label: MessageKey; kind: 'text' | 'number' | 'tel' | 'textarea' }
  | { name: string; label: MessageKey; kind: 'select'; options: readonly string[]; group: string };

/** Each category's own fields, after the ones every listing has (the staff form's, docs/product.md#listing-data). */
const OWN_FIELDS: Record<Category, FieldSpec[]> = {
  product: [
    {
      name: 'product_condition',
      label: 'sell.form.productCondition',
      kind: 'select',
      options: PRODUCT_CONDITIONS,
      group: 'listings.conditions',
    },
  ],
  property: [
    {
      name: 'property_type',
      label: 'sell.form.propertyType',
      kind: 'select',
      options: PROPERTY_FORM_TYPES,
      group: 'listings.propertyTypes',
    },
    {
      name: 'listing_type',
      label: 'sell.form.listingType',
      kind: 'select',
      options: LISTING_TYPES,
      group: 'listings.listingTypes',
    },
    {
      name: 'rent_period',
      label: 'sell.form.rentPeriod',
      kind: 'select',
      options: RENT_PERIODS,
      group: 'sell.form.rentPeriods',
    },
    { name: 'bedrooms', label: 'sell.form.bedrooms', kind: 'number' },
    { name: 'bathrooms', label: 'sell.form.bathrooms', kind: 'number' },
    { name: 'square_feet', label: 'sell.form.squareFeet', kind: 'number' },
  ],
  business: [
    { name: 'monthly_revenue', label: 'sell.form.monthlyRevenue', kind: 'number' },
    { name: 'years_established', label: 'sell.form.yearsEstablished', kind: 'number' },
    { name: 'business_type', label: 'sell.form.businessType', kind: 'text' },
  ],
  visa: [
    { name: 'country', label: 'sell.form.country', kind: 'text' },
    { name: 'visa_type', label: 'sell.form.visaType', kind: 'text' },
    { name: 'processing_time', label: 'sell.form.processingTime', kind: 'text' },
    { name: 'requirements', label: 'sell.form.requirements', kind: 'textarea' },
  ],
};

/** The form's answer: the values typed (kept across a refusal) and the messages by field. */
export interface SellFormAnswer {
  values: Record<string, string>;
  errors: Record<string, string>;
}

/**
 * A listing's form for sellers: the category's fields, the photos and (a new listing) the
 * seller's details. Posting a new listing and changing one through the seller's link use it
 * alike; `currentPhotos` (a change) lists the photos the listing has, each kept unless unticked.
 */
export function SellForm({
  category,
  action,
  heading,
  answer,
  status,
  submitLabel,
  currentPhotos,
}: {
  category: Category;
  action: string;
  heading: ReactNode;
  answer: SellFormAnswer | undefined;
  status: { tone: 'error' | 'success'; text: string } | null;
  submitLabel: string;
  currentPhotos?: readonly string[];
}) {
  const t = useT();
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting';
  const values = answer?.values ?? {};
  const errors = answer?.errors ?? {};
  const editing = currentPhotos !== undefined;
  // After a refused change, the photos ticked then (one per line); at first, all of them.
  const kept = values[KEEP_PHOTOS_FIELD]?.split('\n');
  // The messages arrive in the visitor's words (the server words the listing rules).
  const error = (name: string) => errors[name] ?? null;

  const field = (spec: FieldSpec, wide = false): ReactNode => (
    <Field
      key={spec.name}
      id={`sell-${spec.name}`}
      label={t(spec.label)}
      error={error(spec.name)}
      className={wide ? 'sm:col-span-2' : undefined}
    >
      {(control) =>
        spec.kind === 'select' ? (
          <select {...control} name={spec.name} defaultValue={values[spec.name] ?? ''} className={CONTROL_CLASS}>
            <option value="">{t('sell.form.selectOption')}</option>
            {spec.options.map((option) => (
              <option key={option} value={option}>
                {optionLabel(t, spec.group, option)}
              </option>
            ))}
          </select>
        ) : spec.kind === 'textarea' ? (
          <textarea {...control} name={spec.name} rows={5} defaultValue={values[spec.name]} className={CONTROL_CLASS} />
        ) : (
          <input
            {...control}
            name={spec.name}
            type={spec.kind === 'tel' ? 'tel' : 'text'}
            inputMode={spec.kind === 'number' ? 'decimal' : spec.kind === 'tel' ? 'tel' : undefined}
            defaultValue={values[spec.name]}
            className={CONTROL_CLASS}
          />
        )
      }
    </Field>
  );

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      action={action}
      noValidate
      aria-labelledby="sell-form-title"
      className="flex flex-col gap-6"
    >
      {heading}
      <input type="hidden" name="category" value={category} />
      <div className="grid gap-5 sm:grid-cols-2">
        {field({
          name: 'subcategory',
          label: 'sell.form.subcategory',
          kind: 'select',
          options: SUBCATEGORIES[category],
          group: SUBCATEGORY_GROUP[category],
        })}
        {field({ name: 'price', label: 'sell.form.price', kind: 'number' })}
        {field({ name: 'title', label: 'sell.form.title', kind: 'text' }, true)}
        {field({ name: 'description', label: 'sell.form.description', kind: 'textarea' }, true)}
        {field({ name: 'location', label: 'sell.form.location', kind: 'text' })}
        {field({ name: 'whatsapp_number', label: 'sell.form.whatsapp', kind: 'tel' })}
        {OWN_FIELDS[category].map((spec) => field(spec, spec.kind === 'textarea'))}
      </div>
      {editing && currentPhotos.length > 0 && (
        <fieldset>
          <legend className="mb-2 font-semibold text-gray-900">{t('sell.edit.keepPhotos')}</legend>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {currentPhotos.map((url, index) => (
              <li key={url}>
                <label className="flex flex-col gap-1 text-sm text-gray-900">
                  <img src={url} alt="" width={160} height={120} className="aspect-4/3 w-full rounded object-cover" />
                  <span className="flex items-center gap-2">
                    <input
                      type="checkbox"
                      name={KEEP_PHOTOS_FIELD}
                      value={url}
                      defaultChecked={kept ? kept.includes(url) : true}
                      className="size-5"
                    />
                    {t('sell.edit.keepPhoto', { n: index + 1 })}
                  </span>
                </label>
              </li>
            ))}
          </ul>
          {error(KEEP_PHOTOS_FIELD) && (
            <p className="mt-1 text-sm font-medium text-red-700">{error(KEEP_PHOTOS_FIELD)}</p>
          )}
        </fieldset>
      )}
      <Field
        id="sell-photos"
        label={t(editing ? 'sell.edit.addPhotos' : 'sell.form.photos')}
        hint={t('sell.form.photosHint')}
        error={error('images')}
      >
        {(control) => (
          <input
            {...control}
            type="file"
            name={PHOTOS_FIELD}
            multiple
            accept="image/*"
            className="block w-full max-w-full text-base text-gray-900"
          />
        )}
      </Field>
      {!editing && (
        <fieldset className="flex flex-col gap-5">
          <legend className="mb-3 text-xl font-bold text-gray-900">{t('sell.form.sellerTitle')}</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="sell-seller_name" label={t('sell.form.sellerName')} error={error('seller_name')}>
              {(control) => (
                <input
                  {...control}
                  name="seller_name"
                  autoComplete="name"
                  defaultValue={values.seller_name}
                  className={CONTROL_CLASS}
                />
              )}
            </Field>
            <Field id="sell-seller_email" label={t('sell.form.sellerEmail')} error={error('seller_email')}>
              {(control) => (
                <input
                  {...control}
                  name="seller_email"
                  type="email"
                  autoComplete="email"
                  defaultValue={values.seller_email}
                  className={CONTROL_CLASS}
                />
              )}
            </Field>
          </div>
          <div>
            <label className="flex items-start gap-3 text-gray-900">
              <input
                type="checkbox"
                name="consent"
                defaultChecked={values.consent === 'on'}
                aria-invalid={error('consent') ? true : undefined}
                aria-describedby={error('consent') ? 'sell-consent-error' : undefined}
                className="mt-1 size-5"
              />
              <span>
                {t('sell.form.consent')} (
                <Link to="/terms" className="font-semibold text-brand-800 underline">
                  {t('layout.footer.terms')}
                </Link>
                )
              </span>
            </label>
            {error('consent') && (
              <p id="sell-consent-error" className="mt-1 text-sm font-medium text-red-700">
                {error('consent')}
              </p>
            )}
          </div>
        </fieldset>
      )}
      {!editing && (
        <HoneypotField id="sell-website" label={t('sell.form.honeypot')} control={{ name: HONEYPOT_FIELD }} />
      )}
      {status && <FormMessage tone={status.tone}>{status.text}</FormMessage>}
      <Button type="submit" size="lg" loading={sending} loadingText={t('sell.form.sending')}>
        {submitLabel}
      </Button>
    </Form>
  );
}
