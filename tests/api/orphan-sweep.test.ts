import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORPHAN_ALARM, sweepOrphanFiles } from '../../src/server/modules/uploads/orphan-sweep';
import type { ObjectStorage } from '../../src/server/storage/object-storage';
import { insertListing } from '../support/listings';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';
import { createTestAppOn, storedKeys } from '../support/upload-stores';

const TWO_HOURS_AGO = new Date(Date.now() - 2 * 60 * 60 * 1000);

describe(`sweep of stored files no row refers to (${testDatabaseKind()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // The sweep at start must not meet the files this test stores.
    await t.app.orphanSweepIdle();
  });
  afterAll(() => t.close());

  /** Stores a real file and dates it, as a crash an hour or more ago would have left it. */
  const store = async (key: string, { old = true } = {}) => {
    await t.storage.put(key, Buffer.from(`contents of ${key}`));
    if (old) await utimes(path.join(t.storage.root, key), TWO_HOURS_AGO, TWO_HOURS_AGO);
  };

  it('deletes old unreferenced files and their display sizes, and keeps everything else', async () => {
    const kept = [
      'products/2_in-a-listing.jpg',
      'products/3_in-an-inactive-listing.jpg',
      'blog/4_a-blog-cover.jpg',
      'cache/w480/products/2_in-a-listing.jpg.webp',
    ];
    const orphans = ['products/1_orphan.jpg', 'properties/9_orphan.png', 'cache/w480/products/1_orphan.jpg.webp'];
    for (const key of [...kept, ...orphans]) await store(key);
    await store('products/5_young-orphan.jpg', { old: false });
    await insertListing(t.db, { category: 'product', image_urls: ['/uploads/products/2_in-a-listing.jpg'] });
    await insertListing(t.db, {
      category: 'product',
      is_active: false,
      image_urls: ['https://example.com/elsewhere.jpg', '/uploads/products/3_in-an-inactive-listing.jpg'],
    });
    await t.db.query(
      `INSERT INTO blog_posts (slug, title, excerpt, body, image_url, category, published_at, read_time_minutes)
       VALUES ('a-post', 'A post', 'Excerpt', 'Body', '/uploads/blog/4_a-blog-cover.jpg', 'News', '2026-01-01', 3)`,
    );

    const result = await sweepOrphanFiles(t.db, t.storage);
    expect(result.refused).toBeUndefined();
    expect(result.examined).toBe(kept.length + orphans.length);
    expect(result.deleted.sort()).toEqual([...orphans].sort());
    for (const key of orphans) expect(await t.storage.exists(key), key).toBe(false);
    for (const key of [...kept, 'products/5_young-orphan.jpg']) expect(await t.storage.exists(key), key).toBe(true);
    // Nothing left to do the second time.
    expect((await sweepOrphanFiles(t.db, t.storage)).deleted).toEqual([]);
  });

  it('deletes nothing when so much looks orphaned that the database is likely the wrong one', async () => {
    const other = await createTestApp();
    await other.app.orphanSweepIdle();
    try {
      const keys = Array.from({ length: ORPHAN_ALARM.count + 1 }, (_, i) => `products/${i}_photo.jpg`);
      for (const key of keys) {
        await other.storage.put(key, Buffer.from(key));
        await utimes(path.join(other.storage.root, key), TWO_HOURS_AGO, TWO_HOURS_AGO);
      }
      const result = await sweepOrphanFiles(other.db, other.storage);
      expect(result).toEqual({ examined: keys.length, deleted: [], refused: { orphans: keys.length } });
      for (const key of keys) expect(await other.storage.exists(key)).toBe(true);
    } finally {
      await other.close();
    }
  });
});

describe(`sweep of stored files in a bucket (${testDatabaseKind()})`, () => {
  let t: TestApp<ObjectStorage>;
  beforeAll(async () => {
    t = await createTestAppOn('s3');
  });
  afterAll(() => t.close());

  it('judges objects by the date the bucket lists them with', async () => {
    const kept = ['products/2_in-a-listing.jpg', 'cache/w480/products/2_in-a-listing.jpg.webp'];
    const orphans = ['products/1_orphan.jpg', 'cache/w480/products/1_orphan.jpg.webp'];
    for (const key of [...kept, ...orphans]) await t.storage.put(key, Buffer.from(key));
    await insertListing(t.db, { category: 'product', image_urls: ['/uploads/products/2_in-a-listing.jpg'] });
    // Just stored: too young to judge.
    expect(await sweepOrphanFiles(t.db, t.storage)).toEqual({ examined: 0, deleted: [] });
    // Two hours on, the same objects are old enough.
    const result = await sweepOrphanFiles(t.db, t.storage, { now: Date.now() + 2 * 60 * 60 * 1000 });
    expect(result.deleted.sort()).toEqual([...orphans].sort());
    expect((await storedKeys(t.storage)).sort()).toEqual([...kept].sort());
  });
});
