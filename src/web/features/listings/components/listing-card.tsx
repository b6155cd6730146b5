import { Link } from 'react-router';
import type { MessageKey } from '#shared/i18n';
import type { PublicListing } from '#shared/listing-api';
import { VISA_COUNTRY_OPTIONS, VISA_TYPE_OPTIONS } from '#shared/listing-filters';
import { firstLines, formatListingPrice, listingPath, listingWhatsAppLink } from '#shared/listing-format';
import { businessTypeText, processingTimeText } from '#shared/listing-terms';
import { responsiveImage } from '#shared/media';
import { formatCompactKes } from '#shared/money';
import { formatWhole } from '#shared/number-format';
import { ConvertedPrice } from '#web/components/converted-price';
import { SaveButton } from '#web/components/save-button';
import { ButtonLink } from '#web/components/ui/button';
import { SmartImage } from '#web/components/ui/smart-image';
import { useLocale, useT } from '#web/i18n/locale-provider';
import { LEAD_LISTING_ATTRIBUTE } from '#web/lib/lead-beacon';
import { useSiteOrigin } from '#web/lib/site-origin';
import { useSiteSettings } from '#web/lib/site-settings';
import { AvailabilityMark, FeaturedMark, isAvailable, VerifiedBadge } from './trust-marks';

const CARD_SIZES = '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';

/** The label of a country value (USA → United States); other text is shown as stored. */
export function useCountryLabel() {
  const t = useT();
  return (country: string | null) => {
    const option = VISA_COUNTRY_OPTIONS.find((o) => o.value === country);
    return option ? t(option.label) : (country ?? '');
  };
}

/** The label of a visa type value (tourist → Tourist/Visit, Dalxiis/Booqasho); other text is shown as stored. */
export function useVisaTypeLabel() {
  const t = useT();
  return (visaType: string | null) => {
    const option = VISA_TYPE_OPTIONS.find((o) => o.value === visaType);
    return option ? t(option.label) : (visaType ?? '');
  };
}

function Badge({ children }: { children: React.ReactNode }) {
  return (
    <span className="inline-block rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-800">
      {children}
    </span>
  );
}

export function ListingCard({
  listing,
  eager = false,
  first = false,
}: {
  listing: PublicListing;
  eager?: boolean;
  /** The page's leading result: its photo is fetched ahead of the others (SmartImage). */
  first?: boolean;
}) {
  const { t, locale } = useLocale();
  const countryLabel = useCountryLabel();
  const visaTypeLabel = useVisaTypeLabel();
  const href = listingPath(listing);
  const image = listing.image_urls[0];
  const whatsapp = listingWhatsAppLink(listing, useSiteOrigin(), t, useSiteSettings()?.whatsappNumber);
  const facts: string[] = [];
  if (listing.category === 'property') {
    if (listing.bedrooms !== null) facts.push(t('listings.card.bedrooms', { n: listing.bedrooms }));
    if (listing.bathrooms !== null) facts.push(t('listings.card.bathrooms', { n: listing.bathrooms }));
    if (listing.square_feet !== null)
      facts.push(t('listings.card.squareFeet', { n: formatWhole(listing.square_feet) }));
  }
  if (listing.category === 'business') {
    if (listing.monthly_revenue !== null)
      facts.push(t('listings.card.revenue', { amount: formatCompactKes(listing.monthly_revenue) }));
    if (listing.years_established !== null) facts.push(t('listings.card.years', { n: listing.years_established }));
  }
  const badge =
    listing.category === 'product' && listing.product_condition
      ? t(`listings.conditions.${listing.product_condition}` as MessageKey)
      : listing.category === 'property' && listing.property_type
        ? t(`listings.propertyTypes.${listing.property_type}` as MessageKey)
        : listing.category === 'visa'
          ? countryLabel(listing.country)
          : listing.category === 'business'
            ? listing.business_type
              ? businessTypeText(listing.business_type, t)
              : t(`listings.subcategories.${listing.subcategory}` as MessageKey)
            : null;

  return (
    <article
      className="flex w-full min-w-0 flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm"
      {...{ [LEAD_LISTING_ATTRIBUTE]: listing.id }}
    >
      {listing.category !== 'visa' && (
        <Link to={href} tabIndex={-1} aria-hidden="true" className="block aspect-[4/3] bg-gray-100">
          <SmartImage
            {...(image ? responsiveImage(image, CARD_SIZES, 960) : {})}
            alt=""
            eager={eager}
            first={first}
            width={640}
            height={480}
            className="h-full w-full object-cover"
          />
        </Link>
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-start gap-1.5">
          <AvailabilityMark listing={listing} />
          <FeaturedMark listing={listing} />
          {badge && <Badge>{badge}</Badge>}
          <VerifiedBadge listing={listing} />
        </div>
        <h3 className="text-lg font-semibold leading-snug text-gray-900">
          <Link to={href} className="hover:text-brand-700 hover:underline focus-visible:underline">
            {listing.title}
          </Link>
        </h3>
        {listing.location && <p className="text-sm text-gray-700">{listing.location}</p>}
        {listing.category === 'visa' && (
          <div className="text-sm text-gray-700">
            {listing.visa_type && <p>{visaTypeLabel(listing.visa_type)}</p>}
            {listing.processing_time && (
              <p>{t('listings.card.processing', { time: processingTimeText(listing.processing_time, locale) })}</p>
            )}
            {listing.requirements && (
              <>
                <p className="mt-2 font-medium text-gray-800">{t('listings.card.requirements')}</p>
                <ul className="list-disc pl-5">
                  {firstLines(listing.requirements, 3).map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </>
            )}
          </div>
        )}
        {facts.length > 0 && <p className="text-sm text-gray-700">{facts.join(' · ')}</p>}
        <p className="mt-auto pt-2 text-xl font-bold text-brand-800">
          {listing.category === 'visa' && <span className="sr-only">{t('listings.card.fee')}: </span>}
          {formatListingPrice(listing, t)}
          <ConvertedPrice kes={listing.price} className="text-base" />
        </p>
        <div className="flex items-center gap-2">
          {isAvailable(listing) && (
            <ButtonLink variant="whatsapp" href={whatsapp} target="_blank" rel="noopener noreferrer" className="grow">
              {t('listings.card.chat')}
            </ButtonLink>
          )}
          <SaveButton id={listing.id} />
        </div>
      </div>
    </article>
  );
}
