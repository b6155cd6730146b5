import type { Queryable } from '#server/db/database';
import { type ListingRow, STAFF_LISTING_COLUMNS, staffListingFromRow } from '#server/db/listing-columns';
import { newToken, tokenHash } from '#server/lib/token-hash';
import type { Locale } from '#shared/i18n';
import type { Listing } from '#shared/listing';
import { listingFormValues } from '#shared/listing-form-schema';
import { listingPath } from '#shared/listing-format';
import { RENEW_WITHIN_DAYS, SELLER_LISTING_DAYS, type SellerListing } from '#shared/seller-link';

/** Today in Nairobi, as the expiry dates count days. */
const NAIROBI_TODAY = `(now() AT TIME ZONE INTERVAL '+03:00')::date`;

/** The listing a seller's link opens, with the seller it belongs to. */
export interface SellerLinkTarget {
  listing: Listing;
  submissionId: string;
  sellerName: string;
  sellerEmail: string;
  language: Locale;
  /** Staff turned the link off: it opens nothing. */
  revoked: boolean;
  canRenew: boolean;
  editWaiting: boolean;
}

type TargetRow = ListingRow & {
  submission_id: string;
  seller_name: string;
  seller_email: string;
  language: Locale;
  revoked: boolean;
  can_renew: boolean;
  edit_waiting: boolean;
};

const targetOf = (row: TargetRow): SellerLinkTarget => ({
  listing: staffListingFromRow(row),
  submissionId: row.submission_id,
  sellerName: row.seller_name,
  sellerEmail: row.seller_email,
  language: row.language,
  revoked: row.revoked,
  canRenew: row.can_renew,
  editWaiting: row.edit_waiting,
});

/** Whether listing `l` may be renewed now: it has a last day, within RENEW_WITHIN_DAYS or past, and is not sold. */
const CAN_RENEW = `(l.availability <> 'sold' AND l.expires_on IS NOT NULL
  AND l.expires_on <= ${NAIROBI_TODAY} + ${RENEW_WITHIN_DAYS})`;

/** The seller's links (migration 035): one per listing, only the token's hash stored. */
export function sellerLinksRepository(db: Queryable) {
  const select = (where: string) =>
    `SELECT l.*, k.submission_id, s.seller_name, s.seller_email, s.language,
       k.revoked_at IS NOT NULL AS revoked, ${CAN_RENEW} AS can_renew,
       EXISTS (SELECT 1 FROM listing_submissions e WHERE e.edit_of = l.id AND e.status = 'waiting') AS edit_waiting
     FROM seller_links k
     JOIN LATERAL (SELECT ${STAFF_LISTING_COLUMNS} FROM listings WHERE id = k.listing_id) l ON true
     JOIN listing_submissions s ON s.id = k.submission_id
     WHERE ${where}`;
  return {
    /**
     * A new link for the listing (replacing any it had, revoked or not) and the listing's
     * first SELLER_LISTING_DAYS: the token, to be sent once and never stored.
     */
    async issue(listingId: string, submissionId: string): Promise<string> {
      const token = newToken();
      await db.query(
        `INSERT INTO seller_links (listing_id, submission_id, token_hash) VALUES ($1, $2, $3)
         ON CONFLICT (listing_id) DO UPDATE SET submission_id = EXCLUDED.submission_id,
           token_hash = EXCLUDED.token_hash, created_at = now(), revoked_at = NULL, revoked_by = NULL`,
        [listingId, submissionId, tokenHash(token)],
      );
      return token;
    },

    /** Sets a newly approved listing's last day, SELLER_LISTING_DAYS from today. */
    async startRunning(listingId: string): Promise<void> {
      await db.query(`UPDATE listings SET expires_on = ${NAIROBI_TODAY} + ${SELLER_LISTING_DAYS} WHERE id = $1`, [
        listingId,
      ]);
    },

    /** What a token opens (revoked links included, so the page can say so), or null. */
    async find(token: string): Promise<SellerLinkTarget | null> {
      if (!token) return null;
      const { rows } = await db.query<TargetRow>(select('k.token_hash = $1'), [tokenHash(token)]);
      return rows[0] ? targetOf(rows[0]) : null;
    },

    /** The link an approved submission gave its seller, for staff: its listing and whether it works. */
    async ofSubmission(submissionId: string): Promise<{ listingId: string; revoked: boolean } | null> {
      const { rows } = await db.query<{ listing_id: string; revoked: boolean }>(
        'SELECT listing_id, revoked_at IS NOT NULL AS revoked FROM seller_links WHERE submission_id = $1',
        [submissionId],
      );
      return rows[0] ? { listingId: rows[0].listing_id, revoked: rows[0].revoked } : null;
    },

    /** Turns a listing's link off: whether it had one that worked. */
    async revoke(listingId: string, by: string | null): Promise<boolean> {
      const { rowCount } = await db.query(
        'UPDATE seller_links SET revoked_at = now(), revoked_by = $2 WHERE listing_id = $1 AND revoked_at IS NULL',
        [listingId, by],
      );
      return rowCount > 0;
    },

    /**
     * Renews the listing for SELLER_LISTING_DAYS from today, showing it again if it had
     * expired: the listing after, or null when it may not be renewed now.
     */
    async renew(listingId: string): Promise<Listing | null> {
      const { rows } = await db.query<ListingRow>(
        `UPDATE listings l SET expires_on = ${NAIROBI_TODAY} + ${SELLER_LISTING_DAYS},
           availability = CASE WHEN l.availability = 'expired' THEN 'active' ELSE l.availability END, updated_at = now()
         WHERE l.id = $1 AND ${CAN_RENEW} RETURNING ${STAFF_LISTING_COLUMNS}`,
        [listingId],
      );
      return rows[0] ? staffListingFromRow(rows[0]) : null;
    },

    /** Marks the listing sold: the listing after, or null when it already was. */
    async markSold(listingId: string): Promise<Listing | null> {
      const { rows } = await db.query<ListingRow>(
        `UPDATE listings l SET availability = 'sold', updated_at = now()
         WHERE l.id = $1 AND l.availability <> 'sold' RETURNING ${STAFF_LISTING_COLUMNS}`,
        [listingId],
      );
      return rows[0] ? staffListingFromRow(rows[0]) : null;
    },
  };
}

/** The listing as the link's pages show it to its seller. */
export function sellerListingOf(target: SellerLinkTarget): SellerListing {
  const { listing } = target;
  const { is_active: _shown, ...values } = listingFormValues(listing);
  return {
    id: listing.id,
    category: listing.category,
    title: listing.title,
    path: listingPath(listing),
    values: values as Record<string, string>,
    imageUrls: listing.image_urls,
    availability: listing.availability,
    hidden: !listing.is_active,
    expiresOn: listing.expires_on,
    canRenew: target.canRenew,
    editWaiting: target.editWaiting,
  };
}
