import { formatDate } from '#shared/format-date';
import type { PublicListing } from '#shared/listing-api';
import { useLocale, useT } from '#web/i18n/locale-provider';

/** Whether a visitor may still contact the seller: sold and expired listings show no contact button. */
export const isAvailable = (listing: Pick<PublicListing, 'availability'>) => listing.availability === 'active';

const PILL = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold';

/** "Sold" or "Expired" on a listing that can no longer be had; nothing on an available one. */
export function AvailabilityMark({ listing }: { listing: Pick<PublicListing, 'availability'> }) {
  const t = useT();
  if (listing.availability === 'active') return null;
  return (
    <span className={`${PILL} bg-gray-800 text-white`} data-availability={listing.availability}>
      {t(listing.availability === 'sold' ? 'listings.trust.sold' : 'listings.trust.expired')}
    </span>
  );
}

export function FeaturedMark({ listing }: { listing: Pick<PublicListing, 'featured'> }) {
  const t = useT();
  if (!listing.featured) return null;
  return <span className={`${PILL} bg-amber-100 text-amber-900`}>{t('listings.trust.featured')}</span>;
}

/**
 * The office's "Verified" badge; a tap opens what was checked and when (a disclosure that
 * works before the scripts load).
 */
export function VerifiedBadge({ listing }: { listing: Pick<PublicListing, 'verified_at' | 'verification_note'> }) {
  const { t, locale } = useLocale();
  if (!listing.verified_at) return null;
  return (
    <details className="group inline-block align-top text-sm">
      <summary
        className={`${PILL} min-h-8 cursor-pointer list-none bg-emerald-100 text-emerald-900 [&::-webkit-details-marker]:hidden`}
      >
        <span aria-hidden="true" className="mr-1">
          ✓
        </span>
        {t('listings.trust.verified')}
      </summary>
      <div className="mt-2 max-w-sm rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-gray-800">
        <p className="font-medium">
          {t('listings.trust.verifiedHow', { date: formatDate(listing.verified_at, locale) })}
        </p>
        {listing.verification_note && (
          <p className="mt-1">{t('listings.trust.verifiedChecked', { note: listing.verification_note })}</p>
        )}
        <p className="mt-1 text-gray-700">{t('listings.trust.verifiedExplain')}</p>
      </div>
    </details>
  );
}

/** In place of the contact buttons on a listing that can no longer be had. */
export function UnavailableNotice({ listing }: { listing: Pick<PublicListing, 'availability'> }) {
  const t = useT();
  if (isAvailable(listing)) return null;
  return (
    <p role="status" className="rounded-lg border border-gray-300 bg-gray-50 p-4 text-gray-800">
      {t(listing.availability === 'sold' ? 'listings.trust.soldNotice' : 'listings.trust.expiredNotice')}
    </p>
  );
}
