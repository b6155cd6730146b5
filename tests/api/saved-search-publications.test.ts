// A published listing's alerts are matched after the staff request (decision 0089): the request
// records the publication, and a background pass claims it once across instances, records the
// matches and queues the instant messages. No app here, so no instance's own loop takes a
// publication before the test's pass: the passes are the tests'.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/database';
import { createSavedSearchRepository } from '#server/modules/alerts/repository';
import { matchPublishedListings, recordListingPublished } from '#server/modules/alerts/service';
import type { AlertFrequency } from '#shared/alert-frequencies';
import { savedSearchFilters } from '#shared/saved-search';
import { insertListing } from '../support/listings';
import { openTestDatabase, testDatabaseKind } from '../support/test-database';

const ORIGIN = 'https://example.test';
const INSTANT = ['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com'];

describe(`saved-search alerts matched after publishing (${testDatabaseKind()})`, () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
    const alert = async (email: string, search: string, frequency: AlertFrequency = 'instant') => {
      const saved = await createSavedSearchRepository(db).save({
        email,
        language: 'en',
        category: 'product',
        filters: savedSearchFilters('product', search),
        frequency,
      });
      await db.transaction((tx) => createSavedSearchRepository(tx).confirm(saved.id));
    };
    for (const email of INSTANT) await alert(email, 'q=kettle');
    await alert('daily@example.com', 'q=kettle', 'daily');
    await alert('other@example.com', 'q=toaster');
  }, 60_000);
  afterAll(() => db.close());
  beforeEach(async () => {
    await db.query('DELETE FROM listing_publications');
    await db.query(`DELETE FROM mail_messages`);
  });

  /** A kettle listing (hidden unless told), and its id. */
  const kettle = (isActive = true) =>
    insertListing(db, { category: 'product', title: 'Electric kettle', is_active: isActive });
  const publish = (listingId: string) => db.transaction((tx) => recordListingPublished(tx, listingId, ORIGIN));
  /** Instant alert messages per address for a listing. */
  const messages = async (listingId: string) => {
    const { rows } = await db.query<{ recipient: string; n: number }>(
      `SELECT recipient, count(*)::int AS n FROM mail_messages WHERE key LIKE 'alert-instant:%:' || $1
       GROUP BY recipient ORDER BY recipient`,
      [listingId],
    );
    return Object.fromEntries(rows.map((row) => [row.recipient, row.n]));
  };
  const matched = async (listingId: string) =>
    (
      await db.query<{ n: number }>('SELECT count(*)::int AS n FROM saved_search_matches WHERE listing_id = $1', [
        listingId,
      ])
    ).rows[0]?.n;
  const waiting = async () =>
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM listing_publications')).rows[0]?.n;
  const everyInstantOnce = Object.fromEntries(INSTANT.map((email) => [email, 1]));

  it('records the publication in the transaction, and the pass matches it, queues one message per instant alert and is done', async () => {
    const id = await kettle();
    await publish(id);
    expect(await waiting()).toBe(1);
    expect(await matched(id)).toBe(0);
    const counts = await matchPublishedListings(db);
    expect(counts).toMatchObject({ publications: 1, matched: 5, instant: 4 });
    expect(await messages(id)).toEqual(everyInstantOnce);
    // The daily alert's match waits for its daily run.
    expect(await matched(id)).toBe(5);
    expect(await waiting()).toBe(0);
    expect((await matchPublishedListings(db)).publications).toBe(0);
  });

  it('alerts each search once when two instances match at the same time', async () => {
    const ids = [await kettle(), await kettle(), await kettle()];
    for (const id of ids) await publish(id);
    const [first, second] = await Promise.all([matchPublishedListings(db), matchPublishedListings(db)]);
    expect(first.publications + second.publications).toBe(3);
    for (const id of ids) expect(await messages(id)).toEqual(everyInstantOnce);
  });

  it('alerts each search once when a pass stops between batches and its claim runs out', async () => {
    const id = await kettle();
    await publish(id);
    // The pass dies at the message for c@ (as an instance killed there would): the batches
    // before it are committed, its own is not.
    await db.exec(`CREATE FUNCTION refuse_c() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.recipient = 'c@example.com' THEN RAISE EXCEPTION 'killed by the test'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER refuse_c BEFORE INSERT ON mail_messages FOR EACH ROW EXECUTE FUNCTION refuse_c();`);
    const failed: string[] = [];
    try {
      await matchPublishedListings(db, { batch: 1, onError: (_, listingId) => failed.push(listingId) });
    } finally {
      await db.exec('DROP TRIGGER refuse_c ON mail_messages; DROP FUNCTION refuse_c();');
    }
    expect(failed).toEqual([id]);
    expect((await messages(id))['c@example.com']).toBeUndefined();
    // Still claimed: another pass leaves it alone until the claim runs out.
    expect((await matchPublishedListings(db)).publications).toBe(0);
    await db.query("UPDATE listing_publications SET claimed_until = now() - interval '1 second'");
    expect((await matchPublishedListings(db, { batch: 1 })).publications).toBe(1);
    expect(await messages(id)).toEqual(everyInstantOnce);
    expect(await matched(id)).toBe(5);
    expect(await waiting()).toBe(0);
  });

  it('loses no publication claimed by an instance that died: it is matched once the claim runs out', async () => {
    const id = await kettle();
    await publish(id);
    expect(await createSavedSearchRepository(db).claimPublication(120)).toMatchObject({ listingId: id });
    expect((await matchPublishedListings(db)).publications).toBe(0);
    expect(await messages(id)).toEqual({});
    await db.query("UPDATE listing_publications SET claimed_until = now() - interval '1 second'");
    expect((await matchPublishedListings(db)).publications).toBe(1);
    expect(await messages(id)).toEqual(everyInstantOnce);
  });

  it('alerts no one of a listing hidden again before its matching, and alerts when it is published again', async () => {
    const id = await kettle();
    await publish(id);
    await db.query('UPDATE listings SET is_active = false WHERE id = $1', [id]);
    expect((await matchPublishedListings(db)).publications).toBe(1);
    expect(await matched(id)).toBe(0);
    expect(await messages(id)).toEqual({});
    await db.query('UPDATE listings SET is_active = true WHERE id = $1', [id]);
    await publish(id);
    await matchPublishedListings(db);
    expect(await messages(id)).toEqual(everyInstantOnce);
  });

  it('keeps a publication made again while it was being matched for its own turn', async () => {
    const id = await kettle();
    await publish(id);
    const claimed = await createSavedSearchRepository(db).claimPublication(120);
    // Hidden and shown again by staff meanwhile: a new turn, unclaimed.
    await publish(id);
    await createSavedSearchRepository(db).finishPublication(claimed as NonNullable<typeof claimed>);
    expect(await waiting()).toBe(1);
    await matchPublishedListings(db);
    expect(await messages(id)).toEqual(everyInstantOnce);
    expect(await waiting()).toBe(0);
  });
});
