import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '#server/db/database';
import { originalOfCacheKey } from '#server/modules/media/service';
import type { ObjectStorage } from '#server/storage/object-storage';

/**
 * Every place a row names a stored file by its public URL, as a condition on
 * `candidate.url`; a file none of them names is an orphan. A new column that holds stored
 * file URLs (such as uploaded blog covers) adds one line here, with an index to match.
 */
export const STORED_FILE_REFERENCES = [
  'SELECT 1 FROM listings WHERE image_urls @> ARRAY[candidate.url]',
  'SELECT 1 FROM blog_posts WHERE image_url = candidate.url',
  'SELECT 1 FROM listing_submissions WHERE image_urls @> ARRAY[candidate.url]',
];

/**
 * The same columns as a list of every stored-file URL the rows name: a restore checks
 * each one came back. A new column goes in both lists.
 */
export const STORED_FILE_URLS = [
  'SELECT unnest(image_urls) AS url FROM listings',
  'SELECT image_url AS url FROM blog_posts',
  'SELECT unnest(image_urls) AS url FROM listing_submissions',
];

/** Every stored-file URL the rows name, once each. */
export async function referencedFileUrls(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ url: string }>(
    `SELECT DISTINCT url FROM (${STORED_FILE_URLS.join(' UNION ALL ')}) refs WHERE url IS NOT NULL`,
  );
  return rows.map((row) => row.url);
}

/** A file this young may belong to a save still in progress. */
export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;
export const ORPHAN_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/**
 * Orphans come from a crash between storing a file and committing its row: a few at a
 * time. When more than this many, and more than this share of the files, look orphaned,
 * the database is more likely the wrong one (an empty or restored one) than the files
 * stray, and nothing is deleted.
 */
export const ORPHAN_ALARM = { count: 50, share: 0.25 };
const BATCH_SIZE = 500;

export interface SweepResult {
  /** Files old enough to be judged. */
  examined: number;
  deleted: string[];
  /** Set when the sweep deleted nothing because too much looked orphaned. */
  refused?: { orphans: number };
}

async function unreferenced(db: Queryable, urls: string[]): Promise<Set<string>> {
  const conditions = STORED_FILE_REFERENCES.map((reference) => `NOT EXISTS (${reference})`).join(' AND ');
  const { rows } = await db.query<{ url: string }>(
    `SELECT candidate.url FROM unnest($1::text[]) AS candidate(url) WHERE ${conditions}`,
    [urls],
  );
  return new Set(rows.map((row) => row.url));
}

/**
 * Deletes stored files older than `minAgeMs` that no row refers to, and the display sizes
 * made from them. Stops early, deleting nothing, when `signal` aborts.
 */
export async function sweepOrphanFiles(
  db: Queryable,
  storage: ObjectStorage,
  {
    now = Date.now(),
    minAgeMs = ORPHAN_MIN_AGE_MS,
    signal,
  }: { now?: number; minAgeMs?: number; signal?: AbortSignal } = {},
): Promise<SweepResult> {
  const cutoff = now - minAgeMs;
  const orphans: string[] = [];
  let examined = 0;
  let batch: { key: string; url: string }[] = [];
  const judge = async () => {
    const orphaned = await unreferenced(db, [...new Set(batch.map((file) => file.url))]);
    for (const file of batch) if (orphaned.has(file.url)) orphans.push(file.key);
    batch = [];
  };
  for await (const object of storage.list()) {
    if (signal?.aborted) return { examined, deleted: [] };
    if (object.modifiedAt.getTime() > cutoff) continue;
    examined++;
    // A display size lives as long as the image it was made from.
    batch.push({ key: object.key, url: storage.publicUrl(originalOfCacheKey(object.key) ?? object.key) });
    if (batch.length >= BATCH_SIZE) await judge();
  }
  if (batch.length > 0) await judge();
  if (orphans.length > ORPHAN_ALARM.count && orphans.length > examined * ORPHAN_ALARM.share) {
    return { examined, deleted: [], refused: { orphans: orphans.length } };
  }
  for (const key of orphans) {
    if (signal?.aborted) break;
    await storage.delete(key);
  }
  return { examined, deleted: orphans };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves once no sweep is running (tests wait for the one at start before storing files). */
    orphanSweepIdle(): Promise<void>;
  }
}

/** Sweeps orphaned files at start and every hour; closing the app stops a sweep under way. */
export const orphanSweepPlugin = fp(
  async (app: FastifyInstance) => {
    const stop = new AbortController();
    let running: Promise<void> = Promise.resolve();
    let timer: NodeJS.Timeout | undefined;
    const sweep = () => {
      running = running.then(async () => {
        try {
          const result = await sweepOrphanFiles(app.db, app.storage, { signal: stop.signal });
          if (result.refused) {
            app.log.warn(
              { orphans: result.refused.orphans, examined: result.examined },
              'orphan sweep deleted nothing: too many stored files are unreferenced; is this the right database?',
            );
          } else if (result.deleted.length > 0) {
            app.log.info({ deleted: result.deleted }, 'deleted stored files that no row refers to');
          }
        } catch (error) {
          if (!stop.signal.aborted) app.log.warn({ err: error }, 'orphan sweep failed');
        }
      });
    };
    app.decorate('orphanSweepIdle', () => running);
    app.addHook('onReady', async () => {
      sweep();
      timer = setInterval(sweep, ORPHAN_SWEEP_INTERVAL_MS).unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      stop.abort();
      await running;
    });
  },
  { name: 'orphan-sweep', dependencies: ['app-context'] },
);
