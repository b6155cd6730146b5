import { randomBytes } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupError } from '../../src/server/backup/archive';
import { appTables, quoteIdentifier } from '../../src/server/backup/catalog';
import { inspectArchive } from '../../src/server/backup/read-archive';
import { checkRestoreTarget, restoreBackup } from '../../src/server/backup/restore-backup';
import { writeBackup } from '../../src/server/backup/write-backup';
import type { Database, Queryable, Transaction } from '../../src/server/db/database';
import { migrate, migrationNames } from '../../src/server/db/migrate';
import { hashPassword } from '../../src/server/modules/staff/password';
import type { ObjectStorage } from '../../src/server/storage/object-storage';
import { insertListing } from '../support/listings';
import { signedInAs } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';
import { openTestDatabase, testDatabaseKind } from '../support/test-database';
import { storedKeys } from '../support/upload-stores';

/** A backup archive in memory. */
async function backupOf(db: Database, storage: ObjectStorage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  await writeBackup(db, storage, sink);
  return Buffer.concat(chunks);
}

/** Every row of every table, as text, in a stable order: two databases with equal dumps hold the same. */
async function dump(db: Database): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of await appTables(db)) {
    const { rows } = await db.query<{ row: string }>(
      `SELECT row_to_json(t)::text AS row FROM ${quoteIdentifier(table.name)} t`,
    );
    out[table.name] = rows.map((r) => r.row).sort();
  }
  return out;
}

/** An archive rebuilt with its entries changed by `edit` (null drops one). */
async function rewritten(archive: Buffer, edit: (name: string, data: Buffer) => Buffer | null): Promise<Buffer> {
  const extract = tar.extract();
  const pack = tar.pack();
  const entries: { name: string; data: Buffer }[] = [];
  Readable.from(gunzipSync(archive)).pipe(extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.push({ name: entry.header.name, data: Buffer.concat(chunks) });
  }
  for (const { name, data } of entries) {
    const changed = edit(name, data);
    if (changed) pack.entry({ name, size: changed.length }, changed);
  }
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  return gzipSync(Buffer.concat(chunks));
}

const refusal = (work: Promise<unknown>) =>
  work.then(
    () => 'restored',
    (error: unknown) => (error instanceof BackupError ? error.message : `unexpected: ${error}`),
  );

describe(`backup archives (${testDatabaseKind()})`, () => {
  let source: TestApp;
  let empty: TestApp;
  let archive: Buffer;
  beforeAll(async () => {
    empty = await createTestApp({}, { db: await openTestDatabase({ migrated: false }) });
    source = await createTestApp();
    await signedInAs(source, 'admin', 'amina');
    await source.storage.put('products/1_a.jpg', Buffer.from('photo a'));
    await source.storage.put('cache/w480/products/1_a.jpg.webp', Buffer.from('a display size'));
    await insertListing(source.db, {
      category: 'property',
      title: 'Flat with "quotes", ünïcode and a\nnew line',
      price: 12_345_678.9,
      image_urls: ['/uploads/products/1_a.jpg', 'https://example.com/elsewhere.jpg'],
      bedrooms: 3,
      listing_type: 'rent',
      rent_period: 'month',
      created_at: '2026-01-02T03:04:05.123456Z',
    });
    await source.db.query(
      `INSERT INTO blog_posts (slug, title, excerpt, body, image_url, category, published_at, read_time_minutes)
       VALUES ('a', 'A post', 'Excerpt', 'Body', '/uploads/products/1_a.jpg', 'News', '2026-01-01', 3)`,
    );
    await source.db.query(`UPDATE staff_users SET settings = '{"theme":"dark","notifications":false}'`);
    archive = await backupOf(source.db, source.storage);
  });
  afterAll(async () => {
    await empty.close();
    await source.close();
  });

  /** An empty site to restore into. */
  async function emptySite(run: (t: TestApp) => Promise<void>) {
    const t = await createTestApp({}, { db: await openTestDatabase({ migrated: false }) });
    try {
      await run(t);
    } finally {
      await t.close();
    }
  }

  it('fails the backup, never the process, when its reader goes away at any point', async () => {
    const uncaught: unknown[] = [];
    const keep = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', keep);
    const site = await createTestApp();
    // Photos that do not compress, so entries are still being written when the reader leaves.
    for (const name of ['a', 'b', 'c']) await site.storage.put(`products/${name}.jpg`, randomBytes(256 * 1024));
    try {
      // The reader closes after its first, second, … chunk: each point of the archive once,
      // until it reads the archive whole.
      let failures = 0;
      for (let chunksRead = 0; ; chunksRead++) {
        let n = 0;
        const reader = new Writable({
          write(_chunk, _encoding, done) {
            if (++n > chunksRead) this.destroy();
            done();
          },
          highWaterMark: 1,
        });
        const whole = await writeBackup(site.db, site.storage, reader).then(
          () => true,
          () => false,
        );
        // An entry's stream fails after the backup did: give it its turn.
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (whole) break;
        failures++;
      }
      expect(failures).toBeGreaterThan(0);
    } finally {
      process.off('uncaughtException', keep);
      await site.close();
    }
    expect(uncaught).toEqual([]);
  });

  it('restores every row exactly, timestamps to the microsecond, and the photos but not their display sizes', async () => {
    const { summary } = await inspectArchive(Readable.from(archive));
    expect(summary).toMatchObject({ files: 1, rows: { listings: 1, blog_posts: 1, staff_users: 1, sessions: 1 } });
    await emptySite(async (t) => {
      await checkRestoreTarget(t.db, t.storage);
      const result = await restoreBackup(Readable.from(archive), t.db, t.storage);
      expect(result).toMatchObject({ files: 1, missingFiles: [] });
      expect(await dump(t.db)).toEqual(await dump(source.db));
      // Search's word list is not in the archive: the restored listings rebuild it.
      const words = (db: Database) => db.query('SELECT category, word, folded FROM search_words ORDER BY 1, 2');
      expect((await words(t.db)).rows).toEqual((await words(source.db)).rows);
      expect((await words(t.db)).rows.length).toBeGreaterThan(0);
      expect(await storedKeys(t.storage)).toEqual(['products/1_a.jpg']);
      expect((await t.storage.get('products/1_a.jpg'))?.toString()).toBe('photo a');
      // The next blog post gets a new number.
      const { rows } = await t.db.query<{ id: number }>(
        `INSERT INTO blog_posts (slug, title, excerpt, body, image_url, category, published_at, read_time_minutes)
         VALUES ('b', 'B', 'E', 'B', '', 'News', '2026-01-01', 1) RETURNING id`,
      );
      expect(rows[0]?.id).toBe(2);
    });
  });

  it('restores text, arrays, json, numbers and timestamps that COPY must escape, byte for byte', async () => {
    const awkward = await createTestApp();
    try {
      // Every character COPY's text format gives a meaning (tab, new line, carriage return,
      // backslash, its null marker \N and end marker \.), quotes, array punctuation, non-ASCII.
      const values = [
        'a\ttab',
        'a\nnew line',
        'a\r\ncarriage return',
        'a \\ backslash',
        'ends in a backslash\\',
        '\\N',
        '\\.',
        '\\\\N',
        '"double" and \'single\' quotes',
        'comma, {braces}, [brackets], NULL',
        'ünïcode, Soomaali 🇸🇴 and \u2028',
        'NULL',
        '',
      ];
      const text = values.join(' | ');
      const id = await insertListing(awkward.db, {
        category: 'product',
        title: text.slice(0, 200),
        description: `${text}\n\t${text}`,
        location: '\\N',
        business_type: '',
        price: 999_999_999_999.99,
        image_urls: values,
        created_at: '2026-01-02T03:04:05.123456Z',
      });
      await awkward.db.query(
        `INSERT INTO staff_users (username, password_hash, role, settings, sign_in_notice)
         VALUES ($1, 'x', 'admin', $2::jsonb, NULL)`,
        ['tab\tuser', JSON.stringify({ [text]: values, nested: { list: [null, true, false, '', 0] } })],
      );
      // jsonb keeps a number's digits and scale exactly: a JavaScript number would not.
      await awkward.db.query(
        `INSERT INTO audit_log (at, actor_username, address, action, entity_id, changes)
         VALUES ('infinity', $1, NULL, 'listing.update', $2, $3::jsonb)`,
        [
          text,
          id,
          `{"price": 12345678901234567890.123456789, "scale": 1.10, "tiny": 1e-20, "text": ${JSON.stringify(text)}}`,
        ],
      );
      const archive = await backupOf(awkward.db, awkward.storage);
      await emptySite(async (t) => {
        await restoreBackup(Readable.from(archive), t.db, t.storage);
        expect(await dump(t.db)).toEqual(await dump(awkward.db));
        const read = (db: Database) =>
          db.query<{ title: string; description: string; location: string; business_type: string; urls: string[] }>(
            'SELECT title, description, location, business_type, image_urls AS urls FROM listings',
          );
        expect((await read(t.db)).rows).toEqual([
          {
            title: text.slice(0, 200),
            description: `${text}\n\t${text}`,
            location: '\\N',
            business_type: '',
            urls: values,
          },
        ]);
        const changes = await t.db.query<{ changes: string; at: string }>(
          'SELECT changes::text AS changes, at::text AS at FROM audit_log',
        );
        expect(changes.rows[0]?.changes).toContain('"price": 12345678901234567890.123456789, "scale": 1.10');
        expect(changes.rows[0]?.at).toBe('infinity');
      });
    } finally {
      await awkward.close();
    }
  });

  it('sends the rows with COPY rather than as INSERT statements', async () => {
    const statements: string[] = [];
    const record = <Q extends Queryable>(q: Q) => ({
      query: ((sql, params, options) => {
        statements.push(sql);
        return q.query(sql, params, options);
      }) as Queryable['query'],
      exec: (sql: string) => {
        statements.push(sql);
        return q.exec(sql);
      },
    });
    const recordCopies = (tx: Transaction): Transaction => ({
      ...record(tx),
      copyFrom: (sql, data) => {
        statements.push(sql);
        return tx.copyFrom(sql, data);
      },
    });
    await emptySite(async (t) => {
      const recorded: Database = {
        ...t.db,
        ...record(t.db),
        transaction: (fn) => t.db.transaction((tx) => fn(recordCopies(tx))),
      };
      await restoreBackup(Readable.from(archive), recorded, t.storage);
      expect(await dump(t.db)).toEqual(await dump(source.db));
    });
    // The restore names tables quoted; the migrations' own bookkeeping does not.
    const rowStatements = statements.filter((sql) => /^\s*(INSERT INTO|COPY) "/.test(sql));
    expect(rowStatements.filter((sql) => /^\s*INSERT/.test(sql))).toEqual([]);
    for (const table of ['listings', 'blog_posts', 'staff_users', 'sessions']) {
      expect(rowStatements.some((sql) => sql.startsWith(`COPY "${table}" (`))).toBe(true);
    }
  });

  it('refuses a database with rows or a store with files, naming what is there', async () => {
    expect(await refusal(checkRestoreTarget(source.db, source.storage))).toMatch(
      /^The database is not empty \(.*blog_posts: 1 rows, listings: 1 rows, .*staff_users: 1 rows, sessions: 1 rows.*\)\. A restore fills an empty database only: point DATABASE_URL at a new database, or DATA_DIR at an empty folder\.$/,
    );
    await empty.storage.put('products/left-over.jpg', Buffer.from('x'));
    expect(await refusal(checkRestoreTarget(empty.db, empty.storage))).toBe(
      'The file store already holds files (for example products/left-over.jpg). A restore fills an empty one ' +
        'only: use an empty uploads folder or bucket.',
    );
    await empty.storage.delete('products/left-over.jpg');
  });

  it.each([
    ['cut off half-way', (a: Buffer) => a.subarray(0, Math.floor(a.length / 2)), /cannot be read|cut off/],
    [
      'missing its summary',
      (a: Buffer) => rewritten(a, (name, data) => (name === 'summary.json' ? null : data)),
      /^The archive ends before its summary: it was cut off\.$/,
    ],
    [
      'missing rows its summary counts',
      (a: Buffer) => rewritten(a, (name, data) => (name.startsWith('database/listings/') ? null : data)),
      /^The archive is damaged: it should hold 1 rows of listings but holds 0\.$/,
    ],
    [
      'with a row line that is not JSON',
      (a: Buffer) =>
        rewritten(a, (name, data) =>
          name.startsWith('database/listings/') ? Buffer.from(`${data.toString().trimEnd()}\n{"id": "x",\n`) : data,
        ),
      /^database\/listings\/000001\.ndjson in the archive is damaged\.$/,
    ],
    [
      'with a row its table refuses',
      (a: Buffer) =>
        rewritten(a, (name, data) =>
          name.startsWith('database/listings/')
            ? Buffer.from(data.toString().replace(/"price":[\d.]+/, '"price":-1'))
            : data,
        ),
      /violates check constraint/,
    ],
    [
      'not a backup at all',
      () => gzipSync(Buffer.from('hello')),
      /not a backup made by `npm run backup`|cannot be read/,
    ],
    [
      'made by a newer version',
      (a: Buffer) =>
        rewritten(a, (name, data) => {
          if (name !== 'database/schema.json') return data;
          const schema = JSON.parse(data.toString());
          schema.migrations.push('999_from_the_future.sql');
          return Buffer.from(JSON.stringify(schema));
        }),
      /^The backup was made by a newer version of the app \(migrations 999_from_the_future\.sql are unknown here\)/,
    ],
  ])('refuses an archive %s and leaves the site empty', async (_name, damage, expected) => {
    // One empty site for every refusal: each must leave it as empty as it found it.
    const damaged = await damage(archive);
    expect(await refusal(restoreBackup(Readable.from(damaged), empty.db, empty.storage))).toMatch(expected);
    expect(await storedKeys(empty.storage)).toEqual([]);
    await expect(checkRestoreTarget(empty.db, empty.storage)).resolves.toBeUndefined();
  });

  it('refuses a file name that would climb out of the store, and keeps nothing', async () => {
    const pack = tar.pack();
    const header = Buffer.from(JSON.stringify({ format: 'sdh-backup', version: 1, createdAt: 'now' }));
    pack.entry({ name: 'backup.json', size: header.length }, header);
    pack.entry({ name: 'files/products/ok.jpg', size: 2 }, Buffer.from('ok'));
    pack.entry({ name: 'files/../../etc/evil.jpg', size: 4 }, Buffer.from('evil'));
    pack.finalize();
    const chunks: Buffer[] = [];
    for await (const chunk of pack) chunks.push(chunk as Buffer);
    const evil = gzipSync(Buffer.concat(chunks));
    expect(await refusal(restoreBackup(Readable.from(evil), empty.db, empty.storage))).toBe(
      'The archive holds a file with an unsafe name: files/../../etc/evil.jpg.',
    );
    expect(await storedKeys(empty.storage)).toEqual([]);
  });

  it("restores an older version's backup, then brings it up to date with the newer migrations", async () => {
    // A site still on the first migrations, with a username that 003_sign_in_hardening lowercases.
    const old = await openTestDatabase({ migrated: false });
    try {
      const first = migrationNames().filter((name) => name < '003');
      await migrate(old, undefined, { only: first });
      await old.query(`INSERT INTO staff_users (username, password_hash, role) VALUES ('Amina', $1, 'admin')`, [
        await hashPassword('a long passphrase'),
      ]);
      const oldArchive = await backupOf(old, source.storage);
      await emptySite(async (t) => {
        await restoreBackup(Readable.from(oldArchive), t.db, t.storage);
        const { rows } = await t.db.query<{ username: string; failed_sign_ins: number }>(
          'SELECT username, failed_sign_ins FROM staff_users',
        );
        expect(rows).toEqual([{ username: 'amina', failed_sign_ins: 0 }]);
        const applied = await t.db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
        expect(applied.rows.map((r) => r.name)).toEqual(migrationNames());
      });
    } finally {
      await old.close();
    }
  });
});

describe(`POST /api/admin/backup (${testDatabaseKind()})`, () => {
  let t: TestApp;
  const TOKEN = 'a-local-token-for-the-backup-command-0123456789';
  const logs: { level: number; msg: string }[] = [];
  beforeAll(async () => {
    const base = await createTestApp();
    await base.app.close();
    // The same app with a local token, as server.ts builds it for the embedded database.
    const { buildApp } = await import('../../src/server/app');
    const app = await buildApp({
      config: base.config,
      db: base.db,
      storage: base.storage,
      backupToken: TOKEN,
      logger: { level: 'info', stream: { write: (line: string) => logs.push(JSON.parse(line)) } },
    });
    await app.ready();
    t = { ...base, app };
  });
  afterAll(() => t.close());

  const post = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/admin/backup', headers });

  it('streams a complete archive to an admin and to the local token, and to nobody else', async () => {
    const admin = await signedInAs(t, 'admin');
    const editor = await signedInAs(t, 'editor');
    for (const response of [await post({ cookie: admin.cookie }), await post({ authorization: `Bearer ${TOKEN}` })]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/gzip');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="sdh-backup-[\dT-]+Z\.tar\.gz"$/);
      const { summary } = await inspectArchive(Readable.from(response.rawPayload));
      expect(summary.rows.staff_users).toBe(2);
    }
    expect((await post()).statusCode).toBe(401);
    expect((await post({ authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(401);
    expect((await post({ authorization: 'Bearer ' })).statusCode).toBe(401);
    expect((await post({ cookie: editor.cookie })).statusCode).toBe(403);
    // In the audit log: who took each copy; the refused ones took none.
    const { rows } = await t.db.query<{ actor_username: string }>(
      "SELECT actor_username FROM audit_log WHERE action = 'backup.download' ORDER BY id",
    );
    expect(rows.map((r) => r.actor_username)).toEqual([admin.username, '(command line)']);
  });

  it('makes one backup at a time', async () => {
    // A photo that does not compress, so the first archive waits on its reader.
    await t.storage.put('products/big.jpg', randomBytes(8 * 1024 * 1024));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const request = () =>
      fetch(`http://127.0.0.1:${port}/api/admin/backup`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
    const first = await request(); // its body not read yet: the backup is still being written
    const second = await request();
    expect(second.status).toBe(409);
    expect((await second.json()).message).toBe(
      'A backup is already being made on this server; try again when it has finished.',
    );
    expect(first.status).toBe(200);
    const { summary } = await inspectArchive(Readable.fromWeb(first.body as never));
    expect(summary.files).toBe(1);
    const again = await request(); // free again
    expect(again.status).toBe(200);
    await again.arrayBuffer(); // read to its end, so the next test finds no backup running
  });

  it('takes a client hanging up mid-download calmly: no error logged, and the next backup may start', async () => {
    await t.storage.put('products/big-2.jpg', randomBytes(8 * 1024 * 1024));
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const url = `http://127.0.0.1:${port}/api/admin/backup`;
    const headers = { authorization: `Bearer ${TOKEN}` };
    const hangUp = new AbortController();
    const first = await fetch(url, { method: 'POST', headers, signal: hangUp.signal });
    expect(first.status).toBe(200);
    hangUp.abort();
    await expect
      .poll(() => logs.some((l) => /client closed the connection/.test(l.msg)), { timeout: 20_000 })
      .toBe(true);
    expect(logs.filter((l) => l.level >= 50)).toEqual([]);
    const next = await fetch(url, { method: 'POST', headers });
    expect(next.status).toBe(200);
    await next.arrayBuffer();
  });
});
