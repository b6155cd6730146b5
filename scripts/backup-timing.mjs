// `npm run bench:backup`: how long `npm run backup` and `npm run restore` take on a
// throwaway PostgreSQL 15 server with the demo content and N synthetic listings.
//
//   npm run bench:backup -- [--listings 100000] [--embedded]
//
// With --embedded, both sites use the embedded database (PGlite) in their own DATA_DIR
// instead of PostgreSQL.
//
// Seeds the source database with `npm run seed -- --demo --listings N`, backs it up with
// `npm run backup`, restores the archive into a second, empty database and uploads folder
// with `npm run restore`, and prints each command's own report and wall time; everything
// is removed at the end.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';

const { values } = parseArgs({
  options: { listings: { type: 'string', default: '100000' }, embedded: { type: 'boolean', default: false } },
});
const LISTINGS = Number(values.listings);
if (!Number.isInteger(LISTINGS) || LISTINGS < 0) throw new Error('--listings takes a whole number');

const run = promisify(execFile);
const { startPostgresServer } = await tsImport('../tests/support/postgres-server.ts', import.meta.url);

const server = await startPostgresServer();
const work = mkdtempSync(path.join(tmpdir(), 'sdh-backup-timing-'));
try {
  const admin = new pg.Client({ connectionString: server.url() });
  await admin.connect();
  await admin.query('CREATE DATABASE source');
  await admin.query('CREATE DATABASE restored');
  await admin.end();
  const site = (name) => ({
    ...process.env,
    NODE_NO_WARNINGS: '1',
    ...(values.embedded ? {} : { DATABASE_URL: server.url(name) }),
    DATA_DIR: path.join(work, name),
  });
  const command = async (label, script, args, env) => {
    const started = performance.now();
    const { stdout } = await run(process.execPath, ['--import', 'tsx', `src/server/cli/${script}.ts`, ...args], {
      env,
      maxBuffer: 16 * 1024 * 1024,
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`\n$ npm run ${script} -- ${args.join(' ')}   (${label}: ${seconds} s wall time)`);
    console.log(stdout.trim());
  };
  const file = path.join(work, 'site.tar.gz');
  await command('seed', 'seed', ['--demo', '--listings', String(LISTINGS)], site('source'));
  await command('backup', 'backup', [file], site('source'));
  await command('restore', 'restore', [file], site('restored'));
  console.log(`\narchive: ${(statSync(file).size / 1024 / 1024).toFixed(1)} MB for ${LISTINGS} synthetic listings`);
} finally {
  server.stop();
  rmSync(work, { recursive: true, force: true });
}
