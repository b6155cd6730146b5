import type { Queryable } from '#server/db/database';
import type { Locale } from '#shared/i18n/core';
import type { MailStatus, OutboxMessage, OutboxQuery, OutboxSummary } from '#shared/mail';

/** A message claimed for sending: what the transport needs. */
export interface ClaimedMail {
  id: string;
  key: string;
  recipient: string;
  language: Locale;
  subject: string;
  textBody: string;
  htmlBody: string;
  replyTo: string | null;
  unsubscribeUrl: string | null;
  /** This attempt's number, from 1. */
  attempt: number;
}

interface MessageRow {
  id: string;
  key: string;
  recipient: string;
  language: Locale;
  subject: string;
  text_body: string;
  html_body: string;
  reply_to: string | null;
  unsubscribe_url: string | null;
  status: MailStatus;
  attempts: number;
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
  next_attempt_at: Date;
}

const iso = (at: Date | null) => (at ? new Date(at).toISOString() : null);

function toOutboxMessage(row: MessageRow): OutboxMessage {
  return {
    id: row.id,
    recipient: row.recipient,
    language: row.language,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: iso(row.created_at) as string,
    sentAt: iso(row.sent_at),
    nextAttemptAt: row.status === 'queued' ? iso(row.next_attempt_at) : null,
  };
}

export function createMailRepository(db: Queryable) {
  return {
    /**
     * Claims the next due message for `claimSeconds` (another instance skips it meanwhile;
     * after that, an instance that died while sending it no longer holds it), counting the attempt.
     */
    async claimNext(claimSeconds: number): Promise<ClaimedMail | null> {
      const { rows } = await db.query<MessageRow>(
        `UPDATE mail_messages SET claimed_until = now() + make_interval(secs => $1), attempts = attempts + 1
         WHERE id = (
           SELECT id FROM mail_messages
           WHERE status = 'queued' AND next_attempt_at <= now() AND (claimed_until IS NULL OR claimed_until < now())
           ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED)
         RETURNING *`,
        [claimSeconds],
        { prepared: true },
      );
      const row = rows[0];
      if (!row) return null;
      return {
        id: row.id,
        key: row.key,
        recipient: row.recipient,
        language: row.language,
        subject: row.subject,
        textBody: row.text_body,
        htmlBody: row.html_body,
        replyTo: row.reply_to,
        unsubscribeUrl: row.unsubscribe_url,
        attempt: row.attempts,
      };
    },

    /** Sent (to the mail server, or kept in the outbox when there is none). */
    async markDelivered(id: string, status: 'sent' | 'outbox'): Promise<void> {
      await db.query(
        `UPDATE mail_messages SET status = $2, sent_at = now(), claimed_until = NULL, last_error = NULL WHERE id = $1`,
        [id, status],
        { prepared: true },
      );
    },

    /** Another try after `delaySeconds`, or none (failed) when `delaySeconds` is null. */
    async markAttemptFailed(id: string, error: string, delaySeconds: number | null): Promise<void> {
      await db.query(
        `UPDATE mail_messages SET claimed_until = NULL, last_error = $2,
           status = CASE WHEN $3::float8 IS NULL THEN 'failed' ELSE status END,
           next_attempt_at = CASE WHEN $3::float8 IS NULL THEN next_attempt_at
                                  ELSE now() + make_interval(secs => $3::float8) END
         WHERE id = $1`,
        [id, error.slice(0, 1000), delaySeconds],
        { prepared: true },
      );
    },

    /** Messages waiting to be sent (due or not). */
    async queueDepth(): Promise<number> {
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM mail_messages WHERE status = 'queued'`,
      );
      return rows[0]?.n ?? 0;
    },

    /** The outbox: newest first, a status at a time or all, and the counts per status. */
    async list(query: OutboxQuery): Promise<{ items: OutboxMessage[]; total: number; summary: OutboxSummary }> {
      const [page, counts] = await Promise.all([
        db.query<MessageRow & { total: number }>(
          `SELECT *, count(*) OVER ()::int AS total FROM mail_messages
           WHERE ($1::text IS NULL OR status = $1)
             AND ($2::text IS NULL OR lower(recipient) = lower($2))
           ORDER BY created_at DESC, id LIMIT $3 OFFSET $4`,
          [query.status ?? null, query.recipient || null, query.limit, query.offset],
        ),
        db.query<{ status: MailStatus; n: number; oldest: Date | null }>(
          `SELECT status, count(*)::int AS n, min(created_at) AS oldest FROM mail_messages GROUP BY status`,
        ),
      ]);
      const summary: OutboxSummary = { queued: 0, sent: 0, outbox: 0, failed: 0, oldestQueuedAt: null };
      for (const row of counts.rows) {
        summary[row.status] = row.n;
        if (row.status === 'queued') summary.oldestQueuedAt = iso(row.oldest);
      }
      return {
        items: page.rows.map(toOutboxMessage),
        total: page.rows[0]?.total ?? 0,
        summary,
      };
    },

    /** One message with both its parts, to read as it was (or will be) sent. */
    async get(id: string) {
      const { rows } = await db.query<MessageRow>('SELECT * FROM mail_messages WHERE id = $1', [id]);
      const row = rows[0];
      if (!row) return null;
      return {
        ...toOutboxMessage(row),
        replyTo: row.reply_to,
        unsubscribeUrl: row.unsubscribe_url,
        text: row.text_body,
        html: row.html_body,
      };
    },

    /** A failed message queued again at once (staff fixed the cause). */
    async retry(id: string): Promise<boolean> {
      const { rowCount } = await db.query(
        `UPDATE mail_messages SET status = 'queued', next_attempt_at = now(), attempts = 0, claimed_until = NULL
         WHERE id = $1 AND status = 'failed'`,
        [id],
      );
      return rowCount > 0;
    },
  };
}
