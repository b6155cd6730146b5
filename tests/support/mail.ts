// Reading what the app queued in mail_messages, and posting a mail link page's small forms.

import type { App } from '../../src/server/app';
import type { Database } from '../../src/server/db/database';

/** A queued message as the tests read it. */
export interface QueuedMail {
  key: string;
  recipient: string;
  language: string;
  subject: string;
  text_body: string;
  html_body: string;
  unsubscribe_url: string | null;
}

/** The messages queued for an address (any letter case), oldest first. */
export async function queuedMailsTo(db: Database, email: string): Promise<QueuedMail[]> {
  const { rows } = await db.query<QueuedMail>(
    `SELECT key, recipient, language, subject, text_body, html_body, unsubscribe_url FROM mail_messages
     WHERE lower(recipient) = lower($1) ORDER BY created_at, key`,
    [email],
  );
  return rows;
}

/**
 * The path of a link in a message's text part (`/alerts/confirm?token=…&lang=…`), found by its
 * page's path on the site's origin; throws when there is none.
 */
export function linkInMail(mail: QueuedMail | undefined, origin: string, pagePath: string): string {
  const match = new RegExp(`${origin}${pagePath}\\?token=[A-Za-z0-9_-]+&lang=(en|so)`).exec(mail?.text_body ?? '');
  if (!match) throw new Error(`no ${pagePath} link in ${mail?.text_body}`);
  return match[0].slice(origin.length);
}

/** The headers of a form posted from the site's own page. */
export const sameSiteHeaders = (origin: string) => ({ origin, 'sec-fetch-site': 'same-origin', accept: 'text/html' });

/** Posts a urlencoded form, as a browser posts it without script. */
export function postUrlencoded(
  app: App,
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string>,
  remoteAddress: string,
) {
  return app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    remoteAddress,
  });
}
