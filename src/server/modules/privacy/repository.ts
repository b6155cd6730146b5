import type { Queryable } from '#server/db/database';
import type { PersonalDataKind } from '#shared/privacy';

type Row = { row: Record<string, unknown> };

/**
 * Where each kind of personal data lives and how it is found by address (case-insensitive,
 * by the indexes on lower(...)). Columns derived for matching (key_words) or hashed for
 * throttling (a report's reporter) are not the person's data and are left out.
 */
const FIND: Record<PersonalDataKind, string> = {
  inquiries: `SELECT to_jsonb(i) AS row FROM inquiries i WHERE lower(i.email) = lower($1) ORDER BY i.created_at, i.id`,
  newsletter: `SELECT to_jsonb(n) AS row FROM newsletter_subscribers n WHERE lower(n.email) = lower($1)`,
  savedSearches: `SELECT to_jsonb(s) - 'key_words' - 'group_id' AS row FROM saved_searches s
                  WHERE lower(s.email) = lower($1) ORDER BY s.created_at, s.id`,
  reports: `SELECT to_jsonb(r) - 'reporter' AS row FROM listing_reports r
            WHERE r.contact <> '' AND lower(r.contact) = lower($1) ORDER BY r.created_at, r.id`,
  // Listings the address posted, as sent (the link's token hash and photo hashes are not theirs to read).
  submissions: `SELECT to_jsonb(s) - 'confirm_token_hash' - 'image_hashes' AS row FROM listing_submissions s
                WHERE lower(s.seller_email) = lower($1) ORDER BY s.created_at, s.id`,
  // Messages to the address, and staff notices of their inquiries (their text, reply-to them).
  mail: `SELECT to_jsonb(m) AS row FROM mail_messages m
         WHERE lower(m.recipient) = lower($1) OR lower(m.reply_to) = lower($1) ORDER BY m.created_at, m.id`,
};

export function privacyRepository(db: Queryable) {
  return {
    async readPolicy(): Promise<{ en: string; so: string; updatedOn: string } | null> {
      const { rows } = await db.query<{ text_en: string; text_so: string; updated_on: string }>(
        `SELECT text_en, text_so, to_char(updated_on, 'YYYY-MM-DD') AS updated_on FROM privacy_policy`,
      );
      const row = rows[0];
      return row ? { en: row.text_en, so: row.text_so, updatedOn: row.updated_on } : null;
    },

    async writePolicy(text: { en: string; so: string }, updatedOn: string): Promise<void> {
      await db.query(
        `INSERT INTO privacy_policy (id, text_en, text_so, updated_on, updated_at) VALUES (true, $1, $2, $3::date, now())
         ON CONFLICT (id) DO UPDATE SET text_en = EXCLUDED.text_en, text_so = EXCLUDED.text_so,
           updated_on = EXCLUDED.updated_on, updated_at = EXCLUDED.updated_at`,
        [text.en, text.so, updatedOn],
      );
    },

    /** Every record of one kind stored for `email`. */
    async find(kind: PersonalDataKind, email: string): Promise<Record<string, unknown>[]> {
      return (await db.query<Row>(FIND[kind], [email])).rows.map((r) => r.row);
    },

    /**
     * Deletes what is stored for `email`; a report of a listing stays (it is about the listing)
     * without the contact. The number of records of each kind it removed.
     */
    async deleteAll(email: string): Promise<Record<PersonalDataKind, number>> {
      const run = async (sql: string) => (await db.query(sql, [email])).rowCount;
      return {
        inquiries: await run('DELETE FROM inquiries WHERE lower(email) = lower($1)'),
        newsletter: await run('DELETE FROM newsletter_subscribers WHERE lower(email) = lower($1)'),
        savedSearches: await run('DELETE FROM saved_searches WHERE lower(email) = lower($1)'),
        reports: await run(
          "UPDATE listing_reports SET contact = '' WHERE contact <> '' AND lower(contact) = lower($1)",
        ),
        // Their photos are no row's any more: the orphan sweep removes them within the hour. An
        // approved one's listing stays (it is the site's now), without the seller's address.
        submissions: await run('DELETE FROM listing_submissions WHERE lower(seller_email) = lower($1)'),
        mail: await run('DELETE FROM mail_messages WHERE lower(recipient) = lower($1) OR lower(reply_to) = lower($1)'),
      };
    },

    /** Inquiries older than `months` months. */
    async deleteOldInquiries(months: number): Promise<number> {
      return (
        await db.query(`DELETE FROM inquiries WHERE created_at < now() - make_interval(months => $1::int)`, [months])
      ).rowCount;
    },

    /** Saved searches never confirmed within `days` days (their links and matches go with them). */
    /**
     * Newsletter sign-ups not confirmed within `days` days. Addresses stored before double
     * opt-in (needs_reconfirm) are kept: they were asked once, and receive nothing unconfirmed.
     */
    async deleteUnconfirmedNewsletterSignUps(days: number): Promise<number> {
      return (
        await db.query(
          `DELETE FROM newsletter_subscribers WHERE confirmed_at IS NULL AND NOT needs_reconfirm
             AND created_at < now() - make_interval(days => $1::int)`,
          [days],
        )
      ).rowCount;
    },

    async deleteUnconfirmedSavedSearches(days: number): Promise<number> {
      return (
        await db.query(
          `DELETE FROM saved_searches WHERE confirmed_at IS NULL AND created_at < now() - make_interval(days => $1::int)`,
          [days],
        )
      ).rowCount;
    },

    /** Claims the sweep of `day` (YYYY-MM-DD): false when an instance has it (a claim unfinished for an hour may be taken again). */
    async claimSweep(day: string): Promise<boolean> {
      const { rowCount } = await db.query(
        `INSERT INTO retention_sweeps (day) VALUES ($1::date)
         ON CONFLICT (day) DO UPDATE SET started_at = now()
         WHERE retention_sweeps.finished_at IS NULL AND retention_sweeps.started_at < now() - interval '1 hour'`,
        [day],
      );
      return rowCount > 0;
    },

    async finishSweep(day: string, removed: { inquiries: number; savedSearches: number }): Promise<void> {
      await db.query(
        'UPDATE retention_sweeps SET finished_at = now(), inquiries = $2, saved_searches = $3 WHERE day = $1::date',
        [day, removed.inquiries, removed.savedSearches],
      );
    },
  };
}
