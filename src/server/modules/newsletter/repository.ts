import type { Queryable } from '#server/db/database';
import { newToken, tokenHash } from '#server/lib/token-hash';
import type { Locale } from '#shared/i18n';

export interface Subscriber {
  id: string;
  email: string;
  language: Locale;
  confirmedAt: string | null;
}

interface SubscriberRow {
  id: string;
  email: string;
  language: Locale;
  confirmed_at: string | Date | null;
}

const COLUMNS = 's.id, s.email, s.language, s.confirmed_at';

const subscriberOf = (row: SubscriberRow): Subscriber => ({
  id: row.id,
  email: row.email,
  language: row.language,
  confirmedAt: row.confirmed_at === null ? null : new Date(row.confirmed_at).toISOString(),
});

/** A confirmation link works this long (docs/product.md#newsletter). */
export const CONFIRMATION_DAYS = 7;
/** An unconfirmed address gets at most one confirmation message in this time. */
export const CONFIRMATION_INTERVAL = '1 hour';

/** The newsletter's subscribers and their links (docs/product.md#newsletter). */
export function createNewsletterRepository(db: Queryable) {
  return {
    /**
     * The address's subscriber: a new one, unconfirmed, or the one stored before in any letter
     * case (its language the latest asked for while unconfirmed).
     */
    async subscribe(email: string, language: Locale): Promise<Subscriber> {
      const { rows } = await db.query<SubscriberRow>(
        `INSERT INTO newsletter_subscribers AS s (email, language) VALUES ($1, $2)
         ON CONFLICT ((lower(email))) DO UPDATE
           SET language = CASE WHEN s.confirmed_at IS NULL THEN EXCLUDED.language ELSE s.language END
         RETURNING ${COLUMNS}`,
        [email, language],
      );
      return subscriberOf(rows[0] as SubscriberRow);
    },

    /**
     * Notes a confirmation as sent now unless one was sent within the interval: whether to
     * send it (one statement, so two posts at once send one).
     */
    async claimConfirmation(id: string): Promise<boolean> {
      const result = await db.query(
        `UPDATE newsletter_subscribers SET confirmation_sent_at = now()
         WHERE id = $1 AND confirmed_at IS NULL
           AND (confirmation_sent_at IS NULL OR confirmation_sent_at < now() - interval '${CONFIRMATION_INTERVAL}')`,
        [id],
      );
      return result.rowCount > 0;
    },

    /** A new link to the subscriber (for one message): the token, shown once; only its hash is kept. */
    async newLink(subscriberId: string): Promise<string> {
      const token = newToken();
      await db.query('INSERT INTO newsletter_links (token_hash, subscriber_id) VALUES ($1, $2)', [
        tokenHash(token),
        subscriberId,
      ]);
      return token;
    },

    /** The subscriber a link is for, and whether the link may still confirm; null for none. */
    async findByToken(token: string): Promise<(Subscriber & { canConfirm: boolean }) | null> {
      const { rows } = await db.query<SubscriberRow & { can_confirm: boolean }>(
        `SELECT ${COLUMNS}, l.created_at > now() - interval '${CONFIRMATION_DAYS} days' AS can_confirm
         FROM newsletter_links l JOIN newsletter_subscribers s ON s.id = l.subscriber_id
         WHERE l.token_hash = $1`,
        [tokenHash(token)],
      );
      const row = rows[0];
      return row ? { ...subscriberOf(row), canConfirm: row.can_confirm } : null;
    },

    async confirm(id: string): Promise<void> {
      await db.query(
        'UPDATE newsletter_subscribers SET confirmed_at = coalesce(confirmed_at, now()), needs_reconfirm = false WHERE id = $1',
        [id],
      );
    },

    /** Deletes the subscriber and its links. */
    async delete(id: string): Promise<void> {
      await db.query('DELETE FROM newsletter_subscribers WHERE id = $1', [id]);
    },

    /**
     * The next subscribers stored before double opt-in who were not asked yet, marked asked
     * (the caller queues their messages in the same transaction); other instances skip them.
     */
    async takeReconfirmBatch(limit: number): Promise<Subscriber[]> {
      const { rows } = await db.query<SubscriberRow>(
        `UPDATE newsletter_subscribers s SET needs_reconfirm = false, confirmation_sent_at = now()
         WHERE s.id IN (SELECT id FROM newsletter_subscribers WHERE needs_reconfirm ORDER BY id LIMIT $1
                        FOR UPDATE SKIP LOCKED)
         RETURNING ${COLUMNS}`,
        [limit],
      );
      return rows.map(subscriberOf);
    },

    /** A new link per subscriber, in one statement (a mailing's batch): the tokens, in the same order. */
    async newLinks(subscriberIds: readonly string[]): Promise<string[]> {
      const tokens = subscriberIds.map(() => newToken());
      await db.query(
        'INSERT INTO newsletter_links (token_hash, subscriber_id) SELECT * FROM unnest($1::text[], $2::uuid[])',
        [tokens.map(tokenHash), subscriberIds],
      );
      return tokens;
    },

    /** The next confirmed subscribers after `afterId`, in id order (a mailing walks them all). */
    async confirmedBatch(afterId: string | null, limit: number): Promise<Subscriber[]> {
      const { rows } = await db.query<SubscriberRow>(
        `SELECT ${COLUMNS} FROM newsletter_subscribers s
         WHERE s.confirmed_at IS NOT NULL AND ($1::uuid IS NULL OR s.id > $1) ORDER BY s.id LIMIT $2`,
        [afterId, limit],
      );
      return rows.map(subscriberOf);
    },

    /**
     * Claims the digest of a slot: its window's start and where an earlier, stopped run got to;
     * null when another instance has it (or finished it), or a later slot was sent already.
     * The window starts at the previous slot (the first digest: a week before).
     */
    async claimDigestRun(slot: Date): Promise<{ since: Date; afterId: string | null } | null> {
      const { rows } = await db.query<{ since: string | Date; last_subscriber_id: string | null }>(
        `INSERT INTO newsletter_digest_runs (slot, since)
         SELECT $1::timestamptz, coalesce(max(slot), $1::timestamptz - interval '7 days')
         FROM newsletter_digest_runs WHERE slot < $1::timestamptz
         HAVING NOT EXISTS (SELECT 1 FROM newsletter_digest_runs WHERE slot > $1::timestamptz)
         ON CONFLICT (slot) DO UPDATE SET started_at = now()
           WHERE newsletter_digest_runs.finished_at IS NULL
             AND newsletter_digest_runs.started_at < now() - interval '1 hour'
         RETURNING since, last_subscriber_id`,
        [slot.toISOString()],
      );
      const row = rows[0];
      return row ? { since: new Date(row.since), afterId: row.last_subscriber_id } : null;
    },

    /** Notes a batch of the slot's digest queued (in the batch's transaction). */
    async digestProgress(slot: Date, lastSubscriberId: string, messages: number): Promise<void> {
      await db.query(
        'UPDATE newsletter_digest_runs SET last_subscriber_id = $2, messages = messages + $3 WHERE slot = $1',
        [slot.toISOString(), lastSubscriberId, messages],
      );
    },

    /** The slot's digest is done: the number of messages it queued in all. */
    async finishDigestRun(slot: Date): Promise<number> {
      const { rows } = await db.query<{ messages: number }>(
        'UPDATE newsletter_digest_runs SET finished_at = now() WHERE slot = $1 RETURNING messages',
        [slot.toISOString()],
      );
      return rows[0]?.messages ?? 0;
    },

    /** How many confirmed, and how many wait for their confirmation. */
    async counts(): Promise<{ confirmed: number; unconfirmed: number }> {
      const { rows } = await db.query<{ confirmed: number; unconfirmed: number }>(
        `SELECT count(*) FILTER (WHERE confirmed_at IS NOT NULL)::int AS confirmed,
                count(*) FILTER (WHERE confirmed_at IS NULL)::int AS unconfirmed
         FROM newsletter_subscribers`,
      );
      return rows[0] ?? { confirmed: 0, unconfirmed: 0 };
    },
  };
}
