import { useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { CATEGORY_ROUTES } from '#shared/categories';
import { formatDate } from '#shared/format-date';
import type { Locale, MessageKey, Translate } from '#shared/i18n';
import type { PublicListing } from '#shared/listing-api';
import {
  formatListingPrice,
  listingCallLink,
  listingPath,
  listingShareText,
  listingWhatsAppLink,
} from '#shared/listing-format';
import { businessTypeText, processingTimeText } from '#shared/listing-terms';
import { formatCompactKes } from '#shared/money';
import { formatWhole } from '#shared/number-format';
import { ConvertedPrice, RateNote } from '#web/components/converted-price';
import { PageMeta } from '#web/components/page-meta';
import { SaveButton } from '#web/components/save-button';
import { Button, ButtonLink } from '#web/components/ui/button';
import { listingQueryOptions, useListing } from '#web/features/listings/api/get-listing';
import { similarListingsQueryOptions } from '#web/features/listings/api/get-similar-listings';
import { Gallery } from '#web/features/listings/components/gallery';
import { useCountryLabel, useVisaTypeLabel } from '#web/features/listings/components/listing-card';
import { ReportButton } from '#web/features/listings/components/report-button';
import { ShareButton } from '#web/features/listings/components/share-button';
import { SimilarListings } from '#web/features/listings/components/similar-listings';
import {
  AvailabilityMark,
  isAvailable,
  UnavailableNotice,
  VerifiedBadge,
} from '#web/features/listings/components/trust-marks';
import { useLocale, useT } from '#web/i18n/locale-provider';
import { ApiError } from '#web/lib/api-client';
import { prefetchExchangeRates } from '#web/lib/currency';
import { LEAD_LISTING_ATTRIBUTE, recordListingView } from '#web/lib/lead-beacon';
import { loadErrorMessage } from '#web/lib/load-error';
import type { PagePrefetch } from '#web/lib/page-prefetch';
import { rememberViewed } from '#web/lib/saved-listings';
import { useSiteOrigin } from '#web/lib/site-origin';
import { useSiteSettings } from '#web/lib/site-settings';

const SECTIONS = {
  marketplace: 'product',
  'real-estate': 'property',
  'business-sales': 'business',
  'visa-assistance': 'visa',
} as const;

function useSection() {
  const segment = useLocation().pathname.split('/')[1] as keyof typeof SECTIONS;
  const category = SECTIONS[segment] ?? 'product';
  return { category, path: `/${CATEGORY_ROUTES[category]}` };
}

interface Labels {
  countryLabel: (country: string | null) => string;
  visaTypeLabel: (visaType: string | null) => string;
}

function fields(l: PublicListing, t: Translate, { countryLabel, visaTypeLabel }: Labels, locale: Locale) {
  const rows: [MessageKey, string | number | null][] = [['listings.detail.fields.location', l.location]];
  if (l.category === 'product' || l.category === 'business') {
    rows.unshift(['listings.detail.fields.subcategory', t(`listings.subcategories.${l.subcategory}` as MessageKey)]);
  }
  if (l.category === 'product') {
    rows.push([
      'listings.detail.fields.condition',
      l.product_condition && t(`listings.conditions.${l.product_condition}` as MessageKey),
    ]);
  }
  if (l.category === 'property') {
    rows.push(
      [
        'listings.detail.fields.propertyType',
        t(`listings.propertyTypes.${l.property_type ?? l.subcategory}` as MessageKey),
      ],
      ['listings.detail.fields.bedrooms', l.bedrooms],
      ['listings.detail.fields.bathrooms', l.bathrooms],
      [
        'listings.detail.fields.squareFeet',
        l.square_feet === null ? null : t('listings.detail.squareFeetValue', { n: formatWhole(l.square_feet) }),
      ],
    );
  }
  if (l.category === 'business') {
    rows.push(
      ['listings.detail.fields.businessType', l.business_type && businessTypeText(l.business_type, t)],
      [
        'listings.detail.fields.monthlyRevenue',
        l.monthly_revenue === null ? null : formatCompactKes(l.monthly_revenue),
      ],
      ['listings.detail.fields.yearsEstablished', l.years_established],
    );
  }
  if (l.category === 'visa') {
    rows.push(
      ['listings.detail.fields.country', l.country && countryLabel(l.country)],
      ['listings.detail.fields.visaType', visaTypeLabel(l.visa_type ?? l.subcategory)],
      ['listings.detail.fields.processingTime', l.processing_time && processingTimeText(l.processing_time, locale)],
    );
  }
  rows.push(['listings.detail.fields.listed', formatDate(l.created_at, locale)]);
  return rows.filter((row): row is [MessageKey, string | number] => row[1] !== null && row[1] !== '');
}

function NotFound() {
  const t = useT();
  const section = useSection();
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <PageMeta title={t('listings.detail.notFoundTitle')} description={t('listings.detail.notFoundMessage')} />
      <h1 className="text-3xl font-bold text-gray-900">{t('listings.detail.notFoundTitle')}</h1>
      <p className="mt-4 text-gray-700">{t('listings.detail.notFoundMessage')}</p>
      <ButtonLink to={section.path} className="mt-8">
        {t('listings.detail.browse', { section: t(`listings.pages.${section.category}.title`) })}
      </ButtonLink>
      {/* A plain GET form: it searches the category with or without script. */}
      <form action={section.path} method="get" className="mt-6 flex gap-2">
        <input
          type="search"
          name="q"
          aria-label={t('listings.filters.search')}
          placeholder={t(`listings.pages.${section.category}.searchPlaceholder`)}
          className="min-h-11 w-full rounded-lg border border-gray-300 px-3"
        />
        <button type="submit" className="min-h-11 rounded-lg bg-brand-700 px-4 font-medium text-white">
          {t('listings.filters.search')}
        </button>
      </form>
    </section>
  );
}

/** A listing's own page (docs/product.md#listing-pages): gallery, every field, WhatsApp contact and share. */
export const prefetch: PagePrefetch = (args) =>
  Promise.all([
    args.queryClient.prefetchQuery(listingQueryOptions(args.params.id ?? '', args.reads)),
    args.queryClient.prefetchQuery(similarListingsQueryOptions(args.params.id ?? '', args.reads)),
    prefetchExchangeRates(args),
  ]);

export default function ListingDetailPage() {
  const { t, locale } = useLocale();
  const { id = '' } = useParams();
  const origin = useSiteOrigin();
  const section = useSection();
  const countryLabel = useCountryLabel();
  const visaTypeLabel = useVisaTypeLabel();
  const query = useListing(id);
  const shownId = query.data?.id;
  // A view counted for the office; recently viewed kept on this device only (after hydration, never on the server).
  useEffect(() => {
    if (!shownId) return;
    recordListingView(shownId);
    rememberViewed(shownId);
  }, [shownId]);

  if (query.isPending) {
    return (
      <p role="status" className="py-20 text-center text-gray-700">
        {t('common.states.loading')}
      </p>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) {
      return <NotFound />;
    }
    return (
      <div role="alert" className="mx-auto my-16 max-w-xl rounded-xl border border-red-200 bg-red-50 p-6 text-center">
        <p className="text-red-800">{loadErrorMessage(query.error, t, 'listings.detail.loadError')}</p>
        <Button className="mt-4" onClick={() => query.refetch()}>
          {t('common.states.tryAgain')}
        </Button>
      </div>
    );
  }
  const listing = query.data;
  const url = `${origin}${listingPath(listing)}`;
  const priceLabel =
    listing.category === 'business'
      ? 'listings.detail.askingPrice'
      : listing.category === 'visa'
        ? 'listings.detail.serviceFee'
        : 'listings.detail.price';

  return (
    <>
      <article className="mx-auto max-w-7xl px-4 pt-6 sm:pt-10" {...{ [LEAD_LISTING_ATTRIBUTE]: listing.id }}>
        <PageMeta title={listing.title} description={listingShareText(listing)} />
        <Link
          to={section.path}
          className="inline-flex min-h-11 items-center font-medium text-brand-800 hover:underline"
        >
          ← {t('listings.detail.back', { section: t(`listings.pages.${section.category}.title`) })}
        </Link>
        {/* min-w-0: a row of thumbnails scrolls inside its column instead of widening the page. */}
        <div className="mt-4 grid grid-cols-1 gap-8 lg:grid-cols-5">
          <div className="min-w-0 lg:col-span-3">
            <Gallery images={listing.image_urls} title={listing.title} />
          </div>
          <div className="min-w-0 lg:col-span-2">
            <div className="mb-2 flex flex-wrap items-start gap-2">
              <AvailabilityMark listing={listing} />
              <VerifiedBadge listing={listing} />
            </div>
            <h1 className="text-2xl font-bold break-words text-gray-900 sm:text-3xl">{listing.title}</h1>
            <p className="mt-3 text-sm text-gray-700">{t(priceLabel)}</p>
            <p className="text-3xl font-bold text-brand-800">
              {formatListingPrice(listing, t)}
              <ConvertedPrice kes={listing.price} className="text-xl" />
            </p>
            <RateNote className="mt-1" />
            <div className="mt-6 flex flex-col gap-3">
              <UnavailableNotice listing={listing} />
              {/* On a phone these are in the contact bar at the bottom of the screen. */}
              {isAvailable(listing) && (
                <div className="flex flex-col gap-3 max-sm:hidden">
                  <ContactLinks listing={listing} />
                </div>
              )}
              <ShareButton title={listing.title} url={url} />
              <SaveButton id={listing.id} className="self-start" />
              <Link
                to="/safety"
                className="inline-flex min-h-11 items-center self-start text-sm font-medium text-brand-800 underline hover:text-brand-900"
              >
                {t('listings.detail.safety')}
              </Link>
            </div>
            <h2 className="mt-6 text-lg font-semibold text-gray-900">{t('listings.detail.details')}</h2>
            <dl className="mt-2 divide-y divide-gray-200 border-y border-gray-200">
              {fields(listing, t, { countryLabel, visaTypeLabel }, locale).map(([label, value]) => (
                <div key={label} className="flex justify-between gap-4 py-2">
                  <dt className="text-gray-700">{t(label)}</dt>
                  <dd className="text-right font-medium text-gray-900">{value}</dd>
                </div>
              ))}
            </dl>
          </div>
        </div>
        <section className="mt-10 max-w-3xl">
          <h2 className="text-lg font-semibold text-gray-900">{t('listings.detail.description')}</h2>
          <p className="mt-2 whitespace-pre-line break-words text-gray-800">{listing.description}</p>
          {listing.requirements && (
            <>
              <h2 className="mt-6 text-lg font-semibold text-gray-900">{t('listings.detail.requirements')}</h2>
              <p className="mt-2 whitespace-pre-line text-gray-800">{listing.requirements}</p>
            </>
          )}
        </section>
        <div className="mt-8 flex flex-wrap items-center justify-between gap-2 border-t border-gray-200 pt-4">
          <Link
            to={`/contact?listing=${listing.id}`}
            className="inline-flex min-h-11 items-center font-medium text-brand-800 underline"
          >
            {t('listingInquiry.ask')}
          </Link>
          <ReportButton />
        </div>
        {isAvailable(listing) && (
          // Sticks to the bottom of a phone's screen while the listing is on it, then rests at its
          // end, above the footer: all of the page can be scrolled clear of it.
          <section
            aria-label={t('listings.detail.contactBar')}
            className="sticky bottom-0 z-30 -mx-4 mt-6 flex gap-2 border-t border-gray-200 bg-white px-4 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] sm:hidden"
          >
            <ContactLinks listing={listing} />
          </section>
        )}
      </article>
      <div className="mx-auto max-w-7xl px-4 pb-6 sm:pb-10">
        <SimilarListings id={listing.id} />
      </div>
    </>
  );
}

/** WhatsApp and call, the ways to reach the seller of an available listing. */
function ContactLinks({ listing }: { listing: PublicListing }) {
  const t = useT();
  const origin = useSiteOrigin();
  const settings = useSiteSettings();
  return (
    <>
      <ButtonLink
        variant="whatsapp"
        href={listingWhatsAppLink(listing, origin, t, settings?.whatsappNumber)}
        target="_blank"
        rel="noopener noreferrer"
        className="max-sm:flex-1"
      >
        {t('listings.card.chat')}
      </ButtonLink>
      <ButtonLink variant="outline" href={listingCallLink(listing, settings?.whatsappNumber)} className="max-sm:flex-1">
        {t('listings.detail.call')}
      </ButtonLink>
    </>
  );
}
