// A full disk: a database write answers 507 with a clear message (never a bare 500), readiness
// says the database is `full` once its own write fails too, both recover once space is freed,
// and a start on a full disk says which folder is full. A real full disk is a small tmpfs the
// test fills (mounting needs root, as tests and CI run here); elsewhere those tests are skipped.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, DatabaseFullError } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { openPgliteDatabase } from '../../src/server/db/pglite-database';
import { openPostgresDatabase } from '../../src/server/db/postgres-database';
import { isDiskFull } from '../../src/server/lib/disk-full';
import { builtEntry, collectOutput } from '../support/server-process';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

const kind = testDatabaseKind();
const inquiry = { name: 'Amina', email: 'amina@example.com', subject: 'A question', message: 'Hello, is it free?' };
const FULL_MESSAGE = 'Our database has no space left, so nothing was saved. Please tell the site administrator.';

/** A folder on a tmpfs of `size` (e.g. '64m'), or why none can be mounted here. */
function mountTmpfs(size: string, options = ''): { dir: string } | { refused: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'sdh-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}${options}`, 'tmpfs', dir], { stdio: 'pipe' });
    return { dir };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    return { refused: stderr || String(error) };
  }
}

function unmount(dir: string) {
  execFileSync('umount', [dir]);
  rmSync(dir, { recursive: true, force: true });
}

/** Fills the disk of `dir` to the last byte with a file of its own; returns that file. */
function fillDisk(dir: string): string {
  const filler = path.join(dir, 'filler');
  for (const chunk of [1024 * 1024, 64 * 1024, 4096, 512, 1]) {
    try {
      for (;;) appendFileSync(filler, Buffer.alloc(chunk));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
    }
  }
  return filler;
}

const probe = mountTmpfs('1m');
const refused = 'refused' in probe ? probe.refused : null;
if ('dir' in probe) unmount(probe.dir);
if (refused) console.warn(`disk-full tests on a real full disk skipped: mounting a tmpfs was refused (${refused})`);

/** Asks until `done` holds for readiness, or `limitMs` passes; returns the last answer. */
async function readinessUntil(t: TestApp, done: (body: Record<string, unknown>) => boolean, limitMs = 20_000) {
  const deadline = performance.now() + limitMs;
  for (;;) {
    const answer = await t.app.inject({ method: 'GET', url: '/api/ready' });
    if (done(answer.json()) || performance.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe(`a database error that says the disk is full (${kind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // The database itself raises SQLSTATE 53100 (disk_full) on this table's writes, as a full disk would.
    await t.db.query(`CREATE FUNCTION refuse_as_full() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full'; END $$`);
    await t.db.query(
      'CREATE TRIGGER refuse_as_full BEFORE INSERT ON inquiries FOR EACH ROW EXECUTE FUNCTION refuse_as_full()',
    );
  }, 60_000);
  afterAll(() => t.close());

  it('answers 507 with a clear message, in the visitor’s language, not 500', async () => {
    const answer = await t.app.inject({ method: 'POST', url: '/api/inquiries', payload: inquiry });
    expect(answer.statusCode).toBe(507);
    expect(answer.headers['retry-after']).toBe('30');
    expect(answer.json()).toEqual({
      error: 'Insufficient Storage',
      message: FULL_MESSAGE,
      requestId: answer.headers['x-request-id'],
    });
    const somali = await t.app.inject({
      method: 'POST',
      url: '/api/inquiries',
      payload: inquiry,
      headers: { cookie: 'lang=so' },
    });
    expect(somali.statusCode).toBe(507);
    expect(somali.json().message).toMatch(/^Kaydka xogtayada meel bannaan kuma harin/);
  });

  it('has readiness check with a write of its own, which decides: this disk takes writes', async () => {
    await t.app.inject({ method: 'POST', url: '/api/inquiries', payload: inquiry });
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', checks: { database: { status: 'ok' } } });
  });

  it('knows a disk-full error from the system and from the database, and nothing else', () => {
    let enospc: unknown;
    try {
      writeFileSync('/dev/full', 'x'); // always full: ENOSPC
    } catch (error) {
      enospc = error;
    }
    expect((enospc as NodeJS.ErrnoException).code).toBe('ENOSPC');
    expect(isDiskFull(enospc)).toBe(true);
    expect(isDiskFull(new DatabaseFullError(enospc))).toBe(true);
    expect(isDiskFull(Object.assign(new Error('x'), { code: '53100' }))).toBe(true);
    expect(isDiskFull(Object.assign(new Error('x'), { code: '23505' }))).toBe(false);
    expect(isDiskFull(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(false);
  });
});

describe.skipIf(refused)(`a database on a really full disk (${kind})`, () => {
  let t: TestApp;
  let dir: string;
  let filler: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    let db: Database;
    if (kind === 'pglite') {
      const mounted = mountTmpfs('128m');
      if (!('dir' in mounted)) throw new Error(mounted.refused);
      dir = mounted.dir;
      db = await openPgliteDatabase(path.join(dir, 'pglite'));
      await migrate(db);
    } else {
      // A tablespace on the tmpfs, owned by the server's user, holds a database of its own.
      const name = `full_${process.pid}`;
      const admin = new pg.Client({ connectionString: inject('postgresUrl') });
      await admin.connect();
      try {
        const { rows } = await admin.query<{ setting: string }>(
          "SELECT setting FROM pg_settings WHERE name = 'data_directory'",
        );
        const owner = execFileSync('stat', ['-c', '%u:%g', String(rows[0]?.setting)], { encoding: 'utf8' }).trim();
        const mounted = mountTmpfs('64m');
        if (!('dir' in mounted)) throw new Error(mounted.refused);
        dir = mounted.dir;
        const space = path.join(dir, 'space');
        mkdirSync(space);
        execFileSync('chown', [owner, space]);
        execFileSync('chmod', ['0711', dir]);
        await admin.query(`CREATE TABLESPACE ${name} LOCATION '${space}'`);
        await admin.query(`CREATE DATABASE ${name} TEMPLATE sdh_template TABLESPACE ${name}`);
      } finally {
        await admin.end();
      }
      db = await openPostgresDatabase(inject('postgresUrl').replace(/\/[^/]*$/, `/${name}`), {
        timeouts: { statementMs: 5_000, connectMs: 3_000 },
      });
      dropDatabase = async () => {
        const cleanup = new pg.Client({ connectionString: inject('postgresUrl') });
        await cleanup.connect();
        try {
          await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await cleanup.query(`DROP TABLESPACE IF EXISTS ${name}`);
        } finally {
          await cleanup.end();
        }
      };
    }
    t = await createTestApp({}, { db });
  }, 120_000);
  afterAll(async () => {
    if (filler) rmSync(filler, { force: true });
    await t?.close();
    await dropDatabase?.();
    if (dir) unmount(dir);
  });

  it('answers 507, says `full` in readiness (liveness stays up), and recovers once space is freed', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/inquiries', payload: inquiry })).statusCode).toBe(201);
    filler = fillDisk(dir);
    expect(statfsSync(dir).bavail).toBe(0);

    // Writes go on until one needs a new page on disk (each from its own address and e-mail
    // address: the form's rate limits).
    const post = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/inquiries',
        payload: { ...inquiry, email: `amina${i}@example.com` },
        remoteAddress: `10.9.${i >> 8}.${i & 255}`,
      });
    let answer = await post(0);
    for (let i = 1; i < 2_000 && answer.statusCode === 201; i++) answer = await post(i);
    expect(answer.statusCode).toBe(507);
    expect(answer.json().message).toBe(FULL_MESSAGE);

    const ready = await readinessUntil(t, (body) => body.status === 'unavailable');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({
      status: 'unavailable',
      failing: ['database'],
      checks: { database: { status: 'failing', problem: 'full' } },
    });
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok', database: { status: 'full' } });

    rmSync(filler);
    filler = undefined;
    const recovered = await readinessUntil(t, (body) => body.status === 'ready');
    expect(recovered.statusCode).toBe(200);
    expect((await post(5_000)).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({
      database: { status: 'up' },
    });
  }, 120_000);
});

// The server as it starts in production; once, on the embedded database, which lives in DATA_DIR.
describe.skipIf(refused || kind !== 'pglite')('starting on a full disk', () => {
  /** Starts the server on DATA_DIR; resolves with its exit code and output once it exits. */
  async function startOn(dataDir: string) {
    const child = spawn(process.execPath, [builtEntry('server')], {
      env: { ...process.env, NODE_ENV: 'test', PORT: '0', DATA_DIR: dataDir, DEMO_MODE: 'false', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = collectOutput(child);
    const [code] = (await once(child, 'exit')) as [number | null];
    return { code, output: output() };
  }

  // Full to the last byte (the lock file cannot be written), and with room for the lock but not
  // for the database.
  for (const [label, room] of [
    ['no room at all', 0],
    ['room for the lock file only', 256 * 1024],
  ] as const) {
    it(`exits with a message naming the full folder, not a bare ENOSPC (${label})`, async () => {
      const mounted = mountTmpfs('2m');
      if (!('dir' in mounted)) throw new Error(mounted.refused);
      try {
        const filler = fillDisk(mounted.dir);
        if (room > 0) execFileSync('truncate', ['-s', `-${room}`, filler]);
        const { code, output } = await startOn(mounted.dir);
        expect(code).toBe(1);
        expect(output).toContain(`Cannot start: the disk holding ${mounted.dir} (DATA_DIR,`);
        expect(output).toContain('is full');
        expect(output).not.toMatch(/^ENOSPC|\n\s+at /);
      } finally {
        unmount(mounted.dir);
      }
    }, 120_000);
  }
});
