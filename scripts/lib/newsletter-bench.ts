// The "newsletter" scenario of `npm run bench` (scripts/bench.mjs): --subscribers confirmed
// subscribers (a third reading Somali), a week of new listings in every category and two
// posts, then the weekly digest's run for all of them, timed. On the embedded database
// (PGlite) and on PostgreSQL 15, each in a throwaway folder or database; no app.

import type { Database } from '../../src/server/db/database';
import { sendNewsletterDigest } from '../../src/server/modules/newsletter/digest';
import { CATEGORIES } from '../../src/shared/categories';
import { insertListing } from '../../tests/support/listings';
import { withBenchDatabase } from './bench-database';

const ORIGIN = 'https://bench.example';

async function scenario(db: Database, name: string, log: (line: string) => void, subscribers: number) {
  await db.query(
    `INSERT INTO newsletter_subscribers (email, language, confirmed_at)
     SELECT 'reader' || n || '@example.com', CASE WHEN n % 3 = 0 THEN 'so' ELSE 'en' END, now()
     FROM generate_series(1, $1::int) AS n`,
    [subscribers],
  );
  const slot = new Date(Date.now() + 60_000);
  for (const category of CATEGORIES) {
    for (let i = 0; i < 6; i++) {
      await insertListing(db, {
        category,
        title: `New ${category} ${i}`,
        image_urls: [`/uploads/bench/${category}-${i}.jpg`],
        created_at: new Date(slot.getTime() - (i + 1) * 3_600_000).toISOString(),
      });
    }
  }
  for (const slug of ['sending-money-home', 'renting-in-eastleigh']) {
    await db.query(
      `INSERT INTO blog_posts (slug, title, excerpt, body, category, published_at, read_time_minutes)
       VALUES ($1, $1, 'What to know first.', 'Body', 'Guides', now() - interval '1 day', 3)`,
      [slug],
    );
  }
  await db.query('ANALYZE');
  const started = Date.now();
  const messages = await sendNewsletterDigest(db, slot, ORIGIN);
  const seconds = (Date.now() - started) / 1000;
  const { rows } = await db.query<{ mb: number }>(
    "SELECT round(sum(octet_length(html_body) + octet_length(text_body)) / 1048576.0)::int AS mb FROM mail_messages WHERE key LIKE 'newsletter-digest:%'",
  );
  log(
    `${name}: weekly digest: ${messages} messages queued in ${seconds.toFixed(1)} s ` +
      `(${Math.round((messages ?? 0) / seconds)} a second; ${rows[0]?.mb} MB of message bodies)`,
  );
}

export async function newsletterBench(
  log: (line: string) => void,
  options: { databases: readonly ('postgres' | 'pglite')[]; subscribers: number },
): Promise<void> {
  log(`\n=== newsletter: the weekly digest for ${options.subscribers} confirmed subscribers`);
  for (const database of options.databases) {
    await withBenchDatabase(database, (db, name) => scenario(db, name, log, options.subscribers));
  }
}
