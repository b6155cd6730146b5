import { CATEGORY_ROUTES } from './categories';
import type { Translate } from './i18n';
import type { PublicListing } from './listing-api';
import { formatKes } from './money';
import { whatsAppLink } from './whatsapp';

/** A listing's own page path, e.g. /marketplace/<id>. */
export function listingPath(listing: Pick<PublicListing, 'category' | 'id'>): string {
  return `/${CATEGORY_ROUTES[listing.category]}/${listing.id}`;
}

/** A listing's price as shown: 'Ksh 120,000 / month' for a rent, the price alone otherwise. */
export function formatListingPrice(
  listing: Pick<PublicListing, 'price' | 'listing_type' | 'rent_period'>,
  t: Translate,
): string {
  const price = formatKes(listing.price);
  if (listing.listing_type !== 'rent' || !listing.rent_period) return price;
  return t(`listings.rentPrice.${listing.rent_period}`, { price });
}

/** One line for previews and meta descriptions: price, place and the start of the description. */
export function listingShareText(listing: PublicListing, maxLength = 160): string {
  const lead = [formatKes(listing.price), listing.location ?? listing.country].filter(Boolean).join(' · ');
  const text = `${lead} — ${listing.description.replace(/\s+/g, ' ').trim()}`;
  return text.length > maxLength ? `${text.slice(0, maxLength - 1).trimEnd()}…` : text;
}

/**
 * The wa.me link to the seller with a message naming the listing and linking to it; a
 * listing whose number is no number (fewer than 7 digits) leads to `fallbackNumber`, the
 * support line.
 */
export function listingWhatsAppLink(
  listing: Pick<PublicListing, 'title' | 'whatsapp_number' | 'category' | 'id'>,
  origin: string,
  t: Translate,
  fallbackNumber?: string,
): string {
  const usable = listing.whatsapp_number.replace(/\D/g, '').length >= 7;
  return whatsAppLink(
    usable || !fallbackNumber ? listing.whatsapp_number : fallbackNumber,
    t('listings.contact.whatsappMessage', { title: listing.title, url: `${origin}${listingPath(listing)}` }),
  );
}

/** The first n non-empty lines of a visa listing's requirements (cards show 3). */
export function firstLines(text: string | null, n: number): string[] {
  return (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.replace(/^[\s•*-]+/, '').trim())
    .filter(Boolean)
    .slice(0, n);
}
