import type { Queryable } from '#server/db/database';
import type { Locale } from '#shared/i18n/core';

/** The site's one message layout, for every sender (render.ts). */
export {
  type MailContent,
  type MailItem,
  type MailLink,
  type MailSection,
  type RenderedMail,
  renderMail,
} from './render';

/** A message as its sender writes it: both parts already rendered in the recipient's language. */
export interface OutgoingMail {
  /** Unique per message: the same key queued twice is one message (retries, a repeated request). */
  key: string;
  to: string;
  language: Locale;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Bulk mail (newsletter, alerts): its one-click unsubscribe address (RFC 8058 headers). */
  unsubscribeUrl?: string;
}

/**
 * Queues a message on `db`, which is the transaction that writes what caused it: the message
 * exists exactly when its cause does. Delivery happens later, from the stored row.
 */
export async function queueMail(db: Queryable, mail: OutgoingMail): Promise<void> {
  await db.query(
    `INSERT INTO mail_messages (key, recipient, language, subject, text_body, html_body, reply_to, unsubscribe_url)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (key) DO NOTHING`,
    [
      mail.key,
      mail.to,
      mail.language,
      mail.subject,
      mail.text,
      mail.html,
      mail.replyTo ?? null,
      mail.unsubscribeUrl ?? null,
    ],
  );
}

/**
 * Queues many messages in one statement (a mailing's batch of hundreds), on the caller's
 * transaction, each once per key as `queueMail` does.
 */
export async function queueMails(db: Queryable, mails: readonly OutgoingMail[]): Promise<void> {
  if (mails.length === 0) return;
  const column = <T>(read: (mail: OutgoingMail) => T) => mails.map(read);
  await db.query(
    `INSERT INTO mail_messages (key, recipient, language, subject, text_body, html_body, reply_to, unsubscribe_url)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
     ON CONFLICT (key) DO NOTHING`,
    [
      column((mail) => mail.key),
      column((mail) => mail.to),
      column((mail) => mail.language),
      column((mail) => mail.subject),
      column((mail) => mail.text),
      column((mail) => mail.html),
      column((mail) => mail.replyTo ?? null),
      column((mail) => mail.unsubscribeUrl ?? null),
    ],
  );
}
