import { CATEGORY_ROUTES } from './categories';
import type { Translate } from './i18n';
import type { PublicListing } from './listing-api';
import { formatKes } from './money';
import { telLink, whatsAppLink } from './whatsapp';

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
 * The number to reach a listing's seller on: its own, or `fallbackNumber` (the support line)
 * when its own is no number (fewer than 7 digits).
 */
function sellerNumber(listing: Pick<PublicListing, 'whatsapp_number'>, fallbackNumber?: string): string {
  const usable = listing.whatsapp_number.replace(/\D/g, '').length >= 7;
  return usable || !fallbackNumber ? listing.whatsapp_number : fallbackNumber;
}

/** The wa.me link to the seller with a message naming the listing and linking to it. */
export function listingWhatsAppLink(
  listing: Pick<PublicListing, 'title' | 'whatsapp_number' | 'category' | 'id'>,
  origin: string,
  t: Translate,
  fallbackNumber?: string,
): string {
  return whatsAppLink(
    sellerNumber(listing, fallbackNumber),
    t('listings.contact.whatsappMessage', { title: listing.title, url: `${origin}${listingPath(listing)}` }),
  );
}

/** The tel: link to call the seller, on the same number as WhatsApp. */
export function listingCallLink(listing: Pick<PublicListing, 'whatsapp_number'>, fallbackNumber?: string): string {
  return telLink(sellerNumber(listing, fallbackNumber));
}

/** The first n non-empty lines of a visa listing's requirements (cards show 3). */
export function firstLines(text: string | null, n: number): string[] {
  return (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.replace(/^[\s•*-]+/, '').trim())
    .filter(Boolean)
    .slice(0, n);
}
