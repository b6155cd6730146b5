import type { Database, Queryable } from '#server/db/database';
import { renderMail } from '#server/modules/mail/service';
import { createTranslator, type Locale } from '#shared/i18n';
import type { NewsletterIssueSummary } from '#shared/newsletter-issue';
import { queueForSubscribers } from './digest';
import { newsletterLinks } from './service';

/** The past issues the dashboard lists. */
export const ISSUES_LISTED = 50;

interface IssueRow {
  id: string;
  subject: string;
  body: string;
  sent_by: string;
  created_at: string | Date;
  sent_at: string | Date | null;
  recipients: number;
  last_subscriber_id: string | null;
}

export interface NewsletterIssue extends NewsletterIssueSummary {
  body: string;
}

const iso = (value: string | Date) => new Date(value).toISOString();
const issueOf = (row: IssueRow): NewsletterIssue => ({
  id: row.id,
  subject: row.subject,
  body: row.body,
  sentBy: row.sent_by,
  createdAt: iso(row.created_at),
  sentAt: row.sent_at === null ? null : iso(row.sent_at),
  recipients: row.recipients,
});

/** How long an instance queuing an issue holds it; each batch renews it. */
const CLAIM = '5 minutes';

/** The one-off issues (docs/product.md#newsletter-dashboard). */
export function createIssueRepository(db: Queryable) {
  return {
    /** Stores an issue, or finds the one stored with the same send key: it, and whether it is new. */
    async create(input: {
      sendKey: string;
      subject: string;
      body: string;
      sentBy: string;
    }): Promise<{ issue: NewsletterIssue; created: boolean }> {
      const { rows } = await db.query<IssueRow>(
        `INSERT INTO newsletter_issues (send_key, subject, body, sent_by) VALUES ($1, $2, $3, $4)
         ON CONFLICT (send_key) DO NOTHING RETURNING *`,
        [input.sendKey, input.subject, input.body, input.sentBy],
      );
      if (rows[0]) return { issue: issueOf(rows[0]), created: true };
      const { rows: existing } = await db.query<IssueRow>('SELECT * FROM newsletter_issues WHERE send_key = $1', [
        input.sendKey,
      ]);
      return { issue: issueOf(existing[0] as IssueRow), created: false };
    },

    async list(limit = ISSUES_LISTED): Promise<NewsletterIssueSummary[]> {
      const { rows } = await db.query<IssueRow>(
        `SELECT id, subject, '' AS body, sent_by, created_at, sent_at, recipients, last_subscriber_id
         FROM newsletter_issues ORDER BY created_at DESC, id DESC LIMIT $1`,
        [limit],
      );
      return rows.map((row) => {
        const { body: _body, ...summary } = issueOf(row);
        return summary;
      });
    },

    /** The issues not queued in full whose claim is free (none, or run out), oldest first. */
    async unsentIds(): Promise<string[]> {
      const { rows } = await db.query<{ id: string }>(
        `SELECT id FROM newsletter_issues WHERE sent_at IS NULL
           AND (claimed_until IS NULL OR claimed_until < now()) ORDER BY created_at`,
      );
      return rows.map((row) => row.id);
    },

    /** Claims an unsent issue for this instance: it and how far it got, or null when taken or sent. */
    async claim(id: string): Promise<(NewsletterIssue & { afterId: string | null }) | null> {
      const { rows } = await db.query<IssueRow>(
        `UPDATE newsletter_issues SET claimed_until = now() + interval '${CLAIM}'
         WHERE id = $1 AND sent_at IS NULL AND (claimed_until IS NULL OR claimed_until < now())
         RETURNING *`,
        [id],
      );
      const row = rows[0];
      return row ? { ...issueOf(row), afterId: row.last_subscriber_id } : null;
    },

    async progress(id: string, lastSubscriberId: string, queued: number): Promise<void> {
      await db.query(
        `UPDATE newsletter_issues SET last_subscriber_id = $2, recipients = recipients + $3,
           claimed_until = now() + interval '${CLAIM}' WHERE id = $1`,
        [id, lastSubscriberId, queued],
      );
    },

    async finish(id: string): Promise<number> {
      const { rows } = await db.query<{ recipients: number }>(
        'UPDATE newsletter_issues SET sent_at = now(), claimed_until = NULL WHERE id = $1 RETURNING recipients',
        [id],
      );
      return rows[0]?.recipients ?? 0;
    },
  };
}

/** Links in the Markdown to this site's own paths ("/blog/…") made absolute, as a mail needs them. */
function absoluteLinks(html: string, origin: string): string {
  return html.replace(/href="\/(?!\/)/g, `href="${origin}/`);
}

/**
 * An issue's message: the subject, its Markdown as the blog renders it (sanitised HTML) and as
 * written in the text part, and the subscriber's own unsubscribe link.
 */
export function issueMail(
  issue: Pick<NewsletterIssue, 'subject' | 'body'>,
  html: string,
  language: Locale,
  origin: string,
  token: string,
) {
  const t = createTranslator(language);
  const unsubscribe = newsletterLinks(origin, token, language).unsubscribe;
  const rendered = renderMail({
    language,
    subject: issue.subject,
    paragraphs: [],
    markup: { html: absoluteLinks(html, origin), text: issue.body },
    footerLinks: [{ label: t('newsletter.mail.unsubscribe'), url: unsubscribe }],
    footer: t('newsletter.mail.subscribedFooter', { site: origin }),
  });
  return { ...rendered, unsubscribeUrl: unsubscribe };
}

/**
 * Queues an issue for every confirmed subscriber, unless another instance holds it: each
 * batch keyed by issue and address, its progress saved with it. The recipients in all, or null.
 */
export async function sendIssue(
  db: Database,
  id: string,
  origin: string,
  renderMarkdown: (source: string) => string,
): Promise<number | null> {
  const issues = createIssueRepository(db);
  const issue = await issues.claim(id);
  if (!issue) return null;
  const html = renderMarkdown(issue.body);
  await queueForSubscribers(
    db,
    issue.afterId,
    (subscriber) => `newsletter-issue:${issue.id}:${subscriber.email.toLowerCase()}`,
    (subscriber, token) => issueMail(issue, html, subscriber.language, origin, token),
    (tx, lastId, queued) => createIssueRepository(tx).progress(issue.id, lastId, queued),
  );
  return issues.finish(issue.id);
}
