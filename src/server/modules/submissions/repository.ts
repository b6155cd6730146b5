import type { Queryable } from '#server/db/database';
import { tokenHash } from '#server/lib/token-hash';
import type { Locale } from '#shared/i18n';
import type { ListingPayload } from '#shared/listing-form-schema';
import {
  type AdminSubmissionQuery,
  DUPLICATE_DAYS,
  type DuplicateFlag,
  type StaffSubmission,
  type StaffSubmissionPage,
  SUBMISSION_CONFIRM_HOURS,
  type SubmissionStatus,
} from '#shared/listing-submission';

export interface Submission {
  id: string;
  status: SubmissionStatus;
  listing: ListingPayload;
  imageUrls: string[];
  sellerName: string;
  sellerEmail: string;
  language: Locale;
  createdAt: string;
  confirmedAt: string | null;
  /** The live listing a seller's edit would change (null: a new listing). */
  editOf: string | null;
}

interface SubmissionRow {
  id: string;
  status: SubmissionStatus;
  listing: ListingPayload | string;
  image_urls: string[];
  seller_name: string;
  seller_email: string;
  language: Locale;
  created_at: string | Date;
  confirmed_at: string | Date | null;
  edit_of: string | null;
}

const COLUMNS =
  's.id, s.status, s.listing, s.image_urls, s.seller_name, s.seller_email, s.language, s.created_at, s.confirmed_at, s.edit_of';

const iso = (value: string | Date) => new Date(value).toISOString();

const submissionOf = (row: SubmissionRow): Submission => ({
  id: row.id,
  status: row.status,
  listing: typeof row.listing === 'string' ? (JSON.parse(row.listing) as ListingPayload) : row.listing,
  imageUrls: row.image_urls,
  sellerName: row.seller_name,
  sellerEmail: row.seller_email,
  language: row.language,
  createdAt: iso(row.created_at),
  confirmedAt: row.confirmed_at === null ? null : iso(row.confirmed_at),
  editOf: row.edit_of,
});

export interface NewSubmission {
  listing: ListingPayload;
  imageUrls: string[];
  imageHashes: string[];
  sellerName: string;
  sellerEmail: string;
  language: Locale;
  /** The confirmation link's token; only its hash is stored. */
  confirmToken: string;
}

/** A number's digits only, so "0712 345 678" and "0712-345678" are one phone. */
const digits = (expression: string) => `regexp_replace(${expression}, '[^0-9]', '', 'g')`;

/**
 * The queue's duplicate flags of submission `s`: a photo (by its hash) another submission of
 * the last DUPLICATE_DAYS also had, or the title and phone of another recent submission or listing.
 */
const DUPLICATE_FLAGS = `array_remove(ARRAY[
    CASE WHEN EXISTS (
      SELECT 1 FROM listing_submissions o
      WHERE o.id <> s.id AND o.created_at > now() - make_interval(days => ${DUPLICATE_DAYS})
        AND o.image_hashes && s.image_hashes
    ) THEN 'same-photo' END,
    CASE WHEN EXISTS (
      SELECT 1 FROM listing_submissions o
      WHERE o.id <> s.id AND o.created_at > now() - make_interval(days => ${DUPLICATE_DAYS})
        AND lower(o.listing->>'title') = lower(s.listing->>'title')
        AND ${digits("o.listing->>'whatsapp_number'")} = ${digits("s.listing->>'whatsapp_number'")}
    ) OR EXISTS (
      SELECT 1 FROM listings l
      WHERE l.created_at > now() - make_interval(days => ${DUPLICATE_DAYS})
        AND l.id IS DISTINCT FROM s.listing_id
        AND lower(l.title) = lower(s.listing->>'title')
        AND ${digits('l.whatsapp_number')} = ${digits("s.listing->>'whatsapp_number'")}
    ) THEN 'same-title-phone' END
  ], NULL)`;

interface StaffSubmissionRow extends SubmissionRow {
  flags: DuplicateFlag[];
  decided_at: string | Date | null;
  decided_by: string | null;
  reject_reason: string | null;
  listing_id: string | null;
  seller_link: 'active' | 'revoked' | null;
}

const staffSubmissionOf = (row: StaffSubmissionRow): StaffSubmission => {
  const submission = submissionOf(row);
  return {
    ...submission,
    listing: submission.listing as unknown as Record<string, unknown>,
    decidedAt: row.decided_at === null ? null : iso(row.decided_at),
    decidedBy: row.decided_by,
    rejectReason: row.reject_reason,
    listingId: row.listing_id ?? row.edit_of,
    sellerLink: row.seller_link,
    flags: row.flags,
  };
};

/** Listings sellers post, before and after staff decide (docs/product.md#post-a-listing). */
export function submissionsRepository(db: Queryable) {
  return {
    async insert(submission: NewSubmission): Promise<Submission> {
      const { rows } = await db.query<SubmissionRow>(
        `INSERT INTO listing_submissions AS s
           (listing, image_urls, image_hashes, seller_name, seller_email, language, confirm_token_hash)
         VALUES ($1::jsonb, $2::text[], $3::text[], $4, $5, $6, $7)
         RETURNING ${COLUMNS}`,
        [
          JSON.stringify(submission.listing),
          submission.imageUrls,
          submission.imageHashes,
          submission.sellerName,
          submission.sellerEmail,
          submission.language,
          tokenHash(submission.confirmToken),
        ],
      );
      return submissionOf(rows[0] as SubmissionRow);
    },

    /**
     * A seller's edit of a live listing, through their link: in the queue at once (the link
     * stands for the confirmed address). Null when another edit of the listing waits already.
     */
    async insertEdit(edit: {
      listingId: string;
      listing: ListingPayload;
      imageUrls: string[];
      imageHashes: string[];
      seller: { name: string; email: string; language: Locale };
    }): Promise<Submission | null> {
      const { rows } = await db.query<SubmissionRow>(
        `INSERT INTO listing_submissions AS s
           (status, confirmed_at, edit_of, listing, image_urls, image_hashes, seller_name, seller_email, language)
         VALUES ('waiting', now(), $1, $2::jsonb, $3::text[], $4::text[], $5, $6, $7)
         ON CONFLICT (edit_of) WHERE status = 'waiting' DO NOTHING
         RETURNING ${COLUMNS}`,
        [
          edit.listingId,
          JSON.stringify(edit.listing),
          edit.imageUrls,
          edit.imageHashes,
          edit.seller.name,
          edit.seller.email,
          edit.seller.language,
        ],
      );
      return rows[0] ? submissionOf(rows[0]) : null;
    },

    /** How many of the address's submissions are unconfirmed or waiting for staff. */
    async openCount(email: string): Promise<number> {
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM listing_submissions
         WHERE lower(seller_email) = lower($1) AND status IN ('unconfirmed', 'waiting')`,
        [email],
      );
      return rows[0]?.n ?? 0;
    },

    /** Whether staff marked a submission of this address as spam. */
    async isSpamSender(email: string): Promise<boolean> {
      const { rows } = await db.query(
        `SELECT 1 FROM listing_submissions WHERE lower(seller_email) = lower($1) AND status = 'spam' LIMIT 1`,
        [email],
      );
      return rows.length > 0;
    },

    /** The submission a confirmation link is for, and whether the link still works; null for none. */
    async findByConfirmToken(token: string): Promise<(Submission & { canConfirm: boolean }) | null> {
      const { rows } = await db.query<SubmissionRow & { can_confirm: boolean }>(
        `SELECT ${COLUMNS}, s.created_at > now() - make_interval(hours => $2::int) AS can_confirm
         FROM listing_submissions s WHERE s.confirm_token_hash = $1`,
        [tokenHash(token), SUBMISSION_CONFIRM_HOURS],
      );
      const row = rows[0];
      return row ? { ...submissionOf(row), canConfirm: row.can_confirm } : null;
    },

    /** Moves an unconfirmed submission whose link still works to the queue: the submission, or null when it did not. */
    async confirm(id: string): Promise<Submission | null> {
      const { rows } = await db.query<SubmissionRow>(
        `UPDATE listing_submissions s SET status = 'waiting', confirmed_at = now()
         WHERE s.id = $1 AND s.status = 'unconfirmed' AND s.created_at > now() - make_interval(hours => $2::int)
         RETURNING ${COLUMNS}`,
        [id, SUBMISSION_CONFIRM_HOURS],
      );
      return rows[0] ? submissionOf(rows[0]) : null;
    },

    /** Deletes the submissions not confirmed within `hours` hours: their photos' URLs. */
    async deleteUnconfirmed(hours: number): Promise<{ count: number; imageUrls: string[] }> {
      const { rows } = await db.query<{ image_urls: string[] }>(
        `DELETE FROM listing_submissions
         WHERE status = 'unconfirmed' AND created_at <= now() - make_interval(hours => $1::int)
         RETURNING image_urls`,
        [hours],
      );
      return { count: rows.length, imageUrls: rows.flatMap((row) => row.image_urls) };
    },

    /** One page of the queue: waiting ones oldest first (first come, first served), decided ones newest first. */
    async page(query: AdminSubmissionQuery): Promise<StaffSubmissionPage> {
      const order = query.status === 'waiting' ? 's.confirmed_at ASC, s.id' : 's.decided_at DESC, s.id';
      const { rows } = await db.query<StaffSubmissionRow & { total: number; waiting: number }>(
        `SELECT ${COLUMNS}, s.decided_at, u.username AS decided_by, s.reject_reason, s.listing_id,
                ${DUPLICATE_FLAGS} AS flags,
                (SELECT CASE WHEN k.revoked_at IS NULL THEN 'active' ELSE 'revoked' END
                 FROM seller_links k WHERE k.submission_id = s.id) AS seller_link,
                count(*) OVER ()::int AS total,
                (SELECT count(*)::int FROM listing_submissions WHERE status = 'waiting') AS waiting
         FROM listing_submissions s LEFT JOIN staff_users u ON u.id = s.decided_by
         WHERE s.status = $1 ORDER BY ${order} LIMIT $2 OFFSET $3`,
        [query.status, query.limit, query.offset],
      );
      const waiting =
        rows[0]?.waiting ??
        (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM listing_submissions WHERE status = 'waiting'`))
          .rows[0]?.n ??
        0;
      return { items: rows.map(staffSubmissionOf), total: rows[0]?.total ?? 0, waiting };
    },

    /** A submission for a decision, locked until the transaction ends (two members deciding at once: one wins). */
    async lockForDecision(id: string): Promise<Submission | null> {
      const { rows } = await db.query<SubmissionRow>(
        `SELECT ${COLUMNS} FROM listing_submissions s WHERE s.id = $1 FOR UPDATE`,
        [id],
      );
      return rows[0] ? submissionOf(rows[0]) : null;
    },

    /**
     * Records a decision. The submission lets go of its photos: an approved one's belong to its
     * listing now, a rejected or spam one's are deleted by the caller. Only their hashes stay,
     * to recognise them if posted again.
     */
    async decide(
      id: string,
      decision: { status: 'approved' | 'rejected' | 'spam'; by: string; reason?: string; listingId?: string },
    ): Promise<void> {
      await db.query(
        `UPDATE listing_submissions SET status = $2, decided_at = now(), decided_by = $3, reject_reason = $4,
           listing_id = $5, image_urls = '{}'
         WHERE id = $1`,
        [id, decision.status, decision.by, decision.reason ?? null, decision.listingId ?? null],
      );
    },

    /** Of these URLs, those a listing or another submission still shows. */
    async urlsInUse(urls: string[]): Promise<Set<string>> {
      if (urls.length === 0) return new Set();
      const { rows } = await db.query<{ url: string }>(
        `SELECT u.url FROM unnest($1::text[]) AS u(url)
         WHERE EXISTS (SELECT 1 FROM listings WHERE image_urls @> ARRAY[u.url])
            OR EXISTS (SELECT 1 FROM listing_submissions WHERE image_urls @> ARRAY[u.url])`,
        [urls],
      );
      return new Set(rows.map((row) => row.url));
    },
  };
}
