import type { Queryable } from '#server/db/database';
import { type ListingRow, STAFF_LISTING_COLUMNS, staffListingFromRow } from '#server/db/listing-columns';
import type { Listing } from '#shared/listing';
import { type ListingTrustBody, MAX_EXPIRING_LISTED } from '#shared/listing-trust';

/** The trust marks of listings (migration 012_listing_trust): availability, expiry, featured, verification. */
export function listingTrustRepository(db: Queryable) {
  return {
    /**
     * Sets the marks the body names. A new expiry date renews an expired listing unless the
     * body says otherwise; the database expires it again when that date has passed too.
     */
    async set(id: string, body: ListingTrustBody, by: string, current: Listing): Promise<Listing | null> {
      const values: unknown[] = [id];
      const add = (value: unknown) => `$${values.push(value)}`;
      const sets: string[] = ['updated_at = now()'];
      const renewed = body.expires_on !== undefined && current.availability === 'expired';
      const availability = body.availability ?? (renewed ? 'active' : undefined);
      if (availability !== undefined) sets.push(`availability = ${add(availability)}`);
      if (body.expires_on !== undefined) sets.push(`expires_on = ${add(body.expires_on)}::date`);
      if (body.featured !== undefined) sets.push(`featured = ${add(body.featured)}`);
      if (body.verification === null) sets.push('verified_at = NULL, verified_by = NULL, verification_note = NULL');
      else if (body.verification) {
        sets.push(`verified_at = now(), verified_by = ${add(by)}, verification_note = ${add(body.verification.note)}`);
      }
      const { rows } = await db.query<ListingRow>(
        `UPDATE listings SET ${sets.join(', ')} WHERE id = $1 RETURNING ${STAFF_LISTING_COLUMNS}`,
        values,
      );
      return rows[0] ? staffListingFromRow(rows[0]) : null;
    },

    /** Listings whose expiry day is within `days` (Nairobi) or past, soonest first. */
    async expiring(days: number): Promise<Listing[]> {
      const { rows } = await db.query<ListingRow>(
        `SELECT ${STAFF_LISTING_COLUMNS} FROM listings
         WHERE expires_on IS NOT NULL AND expires_on <= (now() AT TIME ZONE INTERVAL '+03:00')::date + $1::int
         ORDER BY expires_on, id LIMIT ${MAX_EXPIRING_LISTED}`,
        [days],
      );
      return rows.map(staffListingFromRow);
    },

    /** Expires the active listings whose last day has passed; returns their ids. */
    async expireDue(): Promise<string[]> {
      const { rows } = await db.query<{ id: string }>(
        `UPDATE listings SET availability = 'expired', updated_at = now()
         WHERE availability = 'active' AND listing_expiry_passed(expires_on) RETURNING id`,
      );
      return rows.map((row) => row.id);
    },
  };
}
