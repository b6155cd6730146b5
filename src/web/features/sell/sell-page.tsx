import type { ReactNode } from 'react';
import { Form, Link, useNavigation, useSearchParams } from 'react-router';
import {
  CATEGORIES,
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
import { type PageForms, SELL_FORM_ACTION } from '#shared/page-forms';
import { PageMeta } from '#web/components/page-meta';
import { Button } from '#web/components/ui/button';
import { CONTROL_CLASS, Field } from '#web/components/ui/field';
import { FormMessage } from '#web/components/ui/form-message';
import { HoneypotField } from '#web/components/ui/honeypot-field';
import { useT } from '#web/i18n/locale-provider';
import { tooManyRequestsText, usePageForms } from '#web/lib/page-forms';
import { PHOTOS_FIELD } from './sell-action';

/** What "Post a listing" may be about, read from `?category=` (the choice is a link, so it works without script). */
function categoryOf(value: string | null): Category | undefined {
  return (CATEGORIES as readonly string[]).includes(value ?? '') ? (value as Category) : undefined;
}

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

function statusOf(t: Translate, answer: PageForms['sell']): { tone: 'error' | 'success'; text: string } | null {
  if (!answer) return null;
  if ('sent' in answer) return { tone: 'success', text: t('sell.status.received') };
  if (answer.waitSeconds) {
    return { tone: 'error', text: answer.waitMessage ?? tooManyRequestsText(t, answer.waitSeconds) };
  }
  if (answer.failed) return { tone: 'error', text: t('sell.form.failed') };
  return { tone: 'error', text: t('sell.form.invalid') };
}

/**
 * "Post a listing" (docs/product.md#post-a-listing): first the kind of listing, chosen by link,
 * then that category's fields, the photos and the seller's details. The route's action
 * (sell-action.ts) sends it; without script the same form posts to the server, which runs the
 * action and answers with this page.
 */
export default function SellPage() {
  const t = useT();
  const [searchParams] = useSearchParams();
  const category = categoryOf(searchParams.get('category'));
  const lang = searchParams.get('lang');
  const pageLink = (query: Record<string, string>) => {
    const params = new URLSearchParams(query);
    if (lang === 'en' || lang === 'so') params.set('lang', lang);
    const search = params.toString();
    return search ? `${SELL_FORM_ACTION}?${search}` : SELL_FORM_ACTION;
  };
  const answer = usePageForms().sell;
  const status = statusOf(t, answer);
  return (
    <>
      <PageMeta title={t('sell.meta.title')} description={t('sell.meta.description')} />
      <section className="bg-brand-800 py-12 text-white">
        <div className="mx-auto max-w-4xl px-4 text-center">
          <h1 className="text-4xl font-extrabold">{t('sell.form.heading')}</h1>
          <p className="mt-3 text-lg text-brand-50">{t('sell.form.intro')}</p>
        </div>
      </section>
      <div className="mx-auto max-w-3xl px-4 py-10">
        {answer && 'sent' in answer ? (
          <FormMessage tone="success">{t('sell.status.received')}</FormMessage>
        ) : category ? (
          <SellForm
            category={category}
            action={pageLink({ category })}
            otherCategories={pageLink({})}
            answer={answer}
            status={status}
          />
        ) : (
          <nav aria-labelledby="sell-choose">
            <h2 id="sell-choose" className="text-2xl font-bold text-gray-900">
              {t('sell.form.chooseCategory')}
            </h2>
            <ul className="mt-4 grid gap-3 sm:grid-cols-2">
              {CATEGORIES.map((choice) => (
                <li key={choice}>
                  <Link
                    to={pageLink({ category: choice })}
                    className="block rounded-xl p-4 font-semibold text-brand-900 ring-1 ring-brand-100 hover:bg-brand-50"
                  >
                    {t(`sell.form.categories.${choice}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
    </>
  );
}

function SellForm({
  category,
  action,
  otherCategories,
  answer,
  status,
}: {
  category: Category;
  action: string;
  otherCategories: string;
  answer: PageForms['sell'];
  status: { tone: 'error' | 'success'; text: string } | null;
}) {
  const t = useT();
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting';
  const values = answer && 'values' in answer ? answer.values : {};
  const errors = answer && 'errors' in answer ? answer.errors : {};
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
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="sell-form-title" className="text-2xl font-bold text-gray-900">
          {t(`sell.form.categories.${category}`)}
        </h2>
        <Link to={otherCategories} className="text-sm font-semibold text-brand-800 underline">
          {t('sell.form.changeCategory')}
        </Link>
      </div>
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
      <Field id="sell-photos" label={t('sell.form.photos')} hint={t('sell.form.photosHint')} error={error('images')}>
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
      <HoneypotField id="sell-website" label={t('sell.form.honeypot')} control={{ name: HONEYPOT_FIELD }} />
      {status && <FormMessage tone={status.tone}>{status.text}</FormMessage>}
      <Button type="submit" size="lg" loading={sending} loadingText={t('sell.form.sending')}>
        {t('sell.form.submit')}
      </Button>
    </Form>
  );
}
