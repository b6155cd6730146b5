import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, DatabaseUnavailableError } from '../../src/server/db/database';
import { MAX_PREPARED_STATEMENTS, openPostgresDatabase } from '../../src/server/db/postgres-database';
import { emptyPostgresDatabase, openTestDatabase, testDatabaseKind } from '../support/test-database';

// What the app relies on from either database: the embedded one answers from a worker thread
// (decision 0055), so its errors and transactions cross a thread and must arrive unchanged.

const kind = testDatabaseKind();

describe(`database contract (${kind})`, () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase({ migrated: false });
    await db.query('CREATE TABLE contract_items (id int PRIMARY KEY, name text NOT NULL)');
  }, 60_000);
  afterAll(() => db.close());

  it('keeps what the app reads from a failed statement: SQLSTATE, constraint, detail, message', async () => {
    await db.query('INSERT INTO contract_items VALUES (1, $1)', ['first']);
    const error = await db.query('INSERT INTO contract_items VALUES (1, $1)', ['again']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      code: '23505',
      constraint: 'contract_items_pkey',
      detail: 'Key (id)=(1) already exists.',
      message: 'duplicate key value violates unique constraint "contract_items_pkey"',
    });
    expect(error).not.toBeInstanceOf(DatabaseUnavailableError);
  });

  it('answers values as node-postgres is configured to: numbers, dates as text, timestamps as Date', async () => {
    const { rows, rowCount } = await db.query<Record<string, unknown>>(
      `SELECT 2::int8 AS big, 1.5::numeric AS exact, '2026-11-23'::date AS day,
              '2026-11-23T10:00:00Z'::timestamptz AS at, '{"a":[1]}'::jsonb AS doc, '\\x0102'::bytea AS bytes`,
    );
    expect(rowCount).toBe(1);
    const [row] = rows;
    expect(row).toMatchObject({ big: 2, exact: 1.5, day: '2026-11-23', doc: { a: [1] } });
    expect(row?.at).toEqual(new Date('2026-11-23T10:00:00Z'));
    expect(Array.from(row?.bytes as Uint8Array)).toEqual([1, 2]);
  });

  it('commits a transaction that resolves, with its value, and rolls back one that throws, with its error', async () => {
    const value = await db.transaction(async (tx) => {
      await tx.query('INSERT INTO contract_items VALUES (2, $1)', ['kept']);
      return 'done';
    });
    expect(value).toBe('done');
    const boom = new Error('changed my mind');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO contract_items VALUES (3, $1)', ['dropped']);
        throw boom;
      }),
    ).rejects.toBe(boom);
    const { rows } = await db.query('SELECT id FROM contract_items WHERE id IN (2, 3) ORDER BY id');
    expect(rows).toEqual([{ id: 2 }]);
  });

  it('rolls back a transaction whose statement failed, with that statement error', async () => {
    const error = await db
      .transaction(async (tx) => {
        await tx.query('INSERT INTO contract_items VALUES (4, $1)', ['dropped']);
        await tx.query('INSERT INTO contract_items VALUES (4, $1)', ['twice']);
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', constraint: 'contract_items_pkey' });
    expect((await db.query('SELECT id FROM contract_items WHERE id = 4')).rowCount).toBe(0);
  });

  it('copies rows into a table with COPY … FROM STDIN inside a transaction, and a failed COPY rolls it back', async () => {
    const copied = await db.transaction((tx) =>
      tx.copyFrom('COPY contract_items (id, name) FROM STDIN', Buffer.from('10\ttab\\there\n11\tline\\none\n')),
    );
    expect(copied).toBe(2);
    const error = await db
      .transaction(async (tx) => {
        await tx.query('INSERT INTO contract_items VALUES (12, $1)', ['dropped with the copy']);
        await tx.copyFrom('COPY contract_items (id, name) FROM STDIN', Buffer.from('13\tfine\n10\tclash\n'));
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', constraint: 'contract_items_pkey' });
    // Every connection answers again afterwards (on PostgreSQL, the one the COPY failed on is back in the pool).
    for (let i = 0; i < 3; i++) {
      const { rows } = await db.query('SELECT id, name FROM contract_items WHERE id >= 10 ORDER BY id');
      expect(rows).toEqual([
        { id: 10, name: 'tab\there' },
        { id: 11, name: 'line\none' },
      ]);
    }
  });

  it('shows no other query what a transaction has not committed yet', async () => {
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = db.transaction(async (tx) => {
      await tx.query('INSERT INTO contract_items VALUES (5, $1)', ['later']);
      inserted();
      await released;
    });
    await insertedYet;
    let answered = false;
    const meanwhile = db
      .query<{ n: number }>('SELECT count(*)::int AS n FROM contract_items WHERE id = 5')
      .finally(() => {
        answered = true;
      });
    if (kind === 'postgres') {
      // PostgreSQL answers from the last commit at once.
      expect((await meanwhile).rows).toEqual([{ n: 0 }]);
    } else {
      // The embedded database runs one thing at a time: the query waits for the transaction's end.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(answered).toBe(false);
    }
    release();
    await transaction;
    if (kind === 'pglite') expect((await meanwhile).rows).toEqual([{ n: 1 }]);
  });

  it('answers a prepared statement as any other, again and with other values, in a transaction too', async () => {
    const double = (n: number) => db.query<{ n: number }>('SELECT $1::int * 2 AS n', [n], { prepared: true });
    expect((await double(1)).rows).toEqual([{ n: 2 }]);
    expect((await double(21)).rows).toEqual([{ n: 42 }]);
    const inside = await db.transaction(async (tx) => {
      const first = await tx.query<{ n: number }>('SELECT $1::int * 2 AS n', [5], { prepared: true });
      const again = await tx.query<{ n: number }>('SELECT $1::int * 2 AS n', [6], { prepared: true });
      return [first.rows, again.rows];
    });
    expect(inside).toEqual([[{ n: 10 }], [{ n: 12 }]]);
  });
});

describe.runIf(kind === 'postgres')('prepared statements on PostgreSQL', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase({ migrated: false });
  }, 60_000);
  afterAll(() => db.close());

  /** The texts this connection keeps prepared (one transaction is one connection). */
  const kept = (tx: Pick<Database, 'query'>) =>
    tx.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements').then((r) => r.rows);

  it('keeps a prepared text parsed on the connection, once, and not an unprepared one', async () => {
    await db.transaction(async (tx) => {
      for (const n of [1, 2, 3]) await tx.query('SELECT $1::int + 1 AS n', [n], { prepared: true });
      await tx.query('SELECT $1::int + 2 AS n', [1]);
      expect(await kept(tx)).toEqual([{ statement: 'SELECT $1::int + 1 AS n' }]);
    });
  });

  it(`keeps no more than ${MAX_PREPARED_STATEMENTS} texts, and runs the ones past them unnamed`, async () => {
    const fresh = await openTestDatabase({ migrated: false });
    try {
      await fresh.transaction(async (tx) => {
        for (let i = 0; i < MAX_PREPARED_STATEMENTS + 20; i++) {
          const { rows } = await tx.query<{ n: number }>(`SELECT $1::int + ${i} AS n`, [1], { prepared: true });
          expect(rows).toEqual([{ n: i + 1 }]);
        }
        expect((await kept(tx)).length).toBe(MAX_PREPARED_STATEMENTS);
      });
    } finally {
      await fresh.close();
    }
  });
});

describe.runIf(kind === 'postgres')('prepared statements after a column changed type', () => {
  it('prepares the text afresh: at once outside a transaction, at the next one inside', async () => {
    const empty = await emptyPostgresDatabase();
    // One connection, so every statement meets the kept plan.
    const db = await openPostgresDatabase(empty.url, { poolSize: 1 });
    try {
      await db.query('CREATE TABLE changing (v int)');
      await db.query('INSERT INTO changing VALUES (7)');
      const read = (q: Pick<Database, 'query'>) =>
        q.query<{ v: unknown }>('SELECT v FROM changing', [], { prepared: true });
      expect((await read(db)).rows).toEqual([{ v: 7 }]);
      // As a migration run by another instance would.
      await db.query('ALTER TABLE changing ALTER v TYPE text');
      expect((await read(db)).rows).toEqual([{ v: '7' }]);
      await db.query('ALTER TABLE changing ALTER v TYPE int USING v::int');
      await expect(db.transaction((tx) => read(tx))).rejects.toThrow(/cached plan must not change result type/);
      expect((await db.transaction((tx) => read(tx))).rows).toEqual([{ v: 7 }]);
    } finally {
      await db.close();
      await empty.drop();
    }
  });
});

describe.runIf(kind === 'pglite')('embedded database in its own thread', () => {
  it('leaves the event loop free while it runs a long query', async () => {
    const db = await openTestDatabase({ migrated: false });
    try {
      let longestGap = 0;
      let ticks = 0;
      let last = performance.now();
      const ticker = setInterval(() => {
        const now = performance.now();
        longestGap = Math.max(longestGap, now - last);
        last = now;
        ticks++;
      }, 5);
      const started = performance.now();
      await db.query('SELECT count(*) FROM generate_series(1, 3000000) AS n WHERE n % 7 = 0');
      const ended = performance.now();
      clearInterval(ticker);
      const took = ended - started;
      expect(took).toBeGreaterThan(300); // long enough to show a blocked loop
      // A blocked loop would not tick during the query: its gap would be the whole query. Measured
      // against the query's own time, so a machine that other work slows slows both.
      expect(ticks).toBeGreaterThanOrEqual(3);
      expect(Math.max(longestGap, ended - last)).toBeLessThan(took / 2);
    } finally {
      await db.close();
    }
  });

  it('answers a ping at once while queries are queued, as a busy database is not a down one', async () => {
    const db = await openTestDatabase({ migrated: false });
    try {
      let done = false;
      const queries = [1, 2].map(() => db.query('SELECT count(*) FROM generate_series(1, 2000000)'));
      void Promise.all(queries).then(() => {
        done = true;
      });
      await db.ping();
      expect(done).toBe(false);
      await Promise.all(queries);
    } finally {
      await db.close();
    }
  });

  it('lets a transaction under way finish when closed, then answers DatabaseUnavailableError', async () => {
    const db = await openTestDatabase({ migrated: false });
    await db.query('CREATE TABLE t (id int)');
    let inside!: () => void;
    const insideYet = new Promise<void>((resolve) => {
      inside = resolve;
    });
    const transaction = db.transaction(async (tx) => {
      inside();
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.query('INSERT INTO t VALUES (1)');
      return 'committed';
    });
    await insideYet;
    const closing = db.close();
    await expect(db.query('SELECT 1')).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expect(transaction).resolves.toBe('committed');
    await closing;
    await expect(db.query('SELECT 1')).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expect(db.transaction(async () => {})).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expect(db.ping()).rejects.toBeInstanceOf(DatabaseUnavailableError);
  });

  it('counts queries waiting their turn behind a running one', async () => {
    const db = await openTestDatabase({ migrated: false });
    try {
      const queries = [1, 2, 3].map(() => db.query('SELECT count(*) FROM generate_series(1, 300000)'));
      expect(db.poolStats()).toEqual({ max: 1, open: 1, idle: 0, waiting: 2 });
      await Promise.all(queries);
      expect(db.poolStats()).toEqual({ max: 1, open: 1, idle: 1, waiting: 0 });
    } finally {
      await db.close();
    }
  });
});
