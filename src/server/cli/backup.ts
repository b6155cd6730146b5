import { createReadStream, createWriteStream, existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { BackupError } from '#server/backup/archive';
import { readLocalAccess } from '#server/backup/local-access';
import { inspectArchive } from '#server/backup/read-archive';
import { writeBackup } from '#server/backup/write-backup';
import { ConfigError, loadConfig } from '#server/config';
import { DataDirLockedError } from '#server/db/data-dir-lock';
import { openDatabase } from '#server/db/open-database';
import { queueBackupFailedNotice } from '#server/modules/staff-notices/service';
import { openStorage } from '#server/storage/open-storage';

const USAGE = `Usage: npm run backup -- FILE
Writes one archive (a .tar.gz) of the database and the stored photos to FILE while the site
keeps running, then reads it back to check it is complete. FILE must not exist yet.
With the embedded database and the server running, the server makes the archive (this
command finds it through DATA_DIR); with PostgreSQL, or no server running, it is made here.
Restore it with: npm run restore -- FILE`;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Asks the running server that holds the embedded database for the archive. */
async function backupThroughServer(dataDir: string, file: string) {
  const access = readLocalAccess(dataDir);
  if (!access) {
    throw new BackupError(
      `DATA_DIR ${dataDir} is held by a running server that has not said where it answers ` +
        '(it is still starting, or it is an older version): wait for it, or stop it and run the backup again.',
    );
  }
  const response = await fetch(`${access.url}/api/admin/backup`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access.token}` },
  }).catch((error: unknown) => {
    throw new BackupError(`The server at ${access.url} does not answer (${(error as Error).message}).`);
  });
  if (!response.ok || !response.body) {
    throw new BackupError(
      `The server at ${access.url} refused the backup: ${response.status} ${await response.text()}`,
    );
  }
  await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), createWriteStream(file));
}

async function backupHere(config: ReturnType<typeof loadConfig>, file: string) {
  const db = await openDatabase(config, { migrate: false });
  const storage = openStorage(config);
  try {
    await writeBackup(db, storage, createWriteStream(file));
  } catch (error) {
    // Admins who asked are e-mailed (a scheduled backup fails with nobody watching).
    const reason = error instanceof Error ? error.message : String(error);
    await queueBackupFailedNotice(db, { name: path.basename(file), error: reason.slice(0, 500) }).catch(() => {});
    throw error;
  } finally {
    await storage.close();
    await db.close();
  }
}

/** Whether a process with this id is running (one we may not signal still is). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes what killed backups left in `folder`: `<name>.partial-<pid>` files of processes no longer running. */
function removeAbandonedPartials(folder: string): string[] {
  const removed: string[] = [];
  for (const name of readdirSync(folder)) {
    const pid = Number(/\.partial-(\d+)$/.exec(name)?.[1]);
    if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid || isRunning(pid)) continue;
    rmSync(path.join(folder, name), { force: true });
    removed.push(name);
  }
  return removed;
}

async function main() {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { help: { type: 'boolean' } } });
  if (values.help) return console.log(USAGE);
  const [target] = positionals;
  if (!target || positionals.length > 1) {
    console.error(USAGE);
    process.exit(2);
  }
  const file = path.resolve(target);
  if (existsSync(file)) throw new BackupError(`${file} already exists: choose a new name (for example with the date).`);
  const config = loadConfig();
  for (const name of removeAbandonedPartials(path.dirname(file))) {
    console.log(`removed ${name}, left by a backup that was stopped`);
  }
  // Written under another name first: a cut-off archive never takes FILE's name.
  const partial = `${file}.partial-${process.pid}`;
  const started = performance.now();
  let made: 'here' | 'by the server' = 'here';
  try {
    try {
      await backupHere(config, partial);
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      made = 'by the server';
      await backupThroughServer(config.dataDir, partial);
    }
    const written = performance.now();
    const { summary } = await inspectArchive(createReadStream(partial));
    renameSync(partial, file);
    const rows = Object.values(summary.rows).reduce((a, b) => a + b, 0);
    const tables = Object.entries(summary.rows)
      .map(([name, count]) => `${name} ${count}`)
      .join(', ');
    console.log(`backup written to ${file} (${(statSync(file).size / 1024 / 1024).toFixed(1)} MB), made ${made}:`);
    console.log(`  ${rows} rows (${tables})`);
    console.log(`  ${summary.files} photos (${(summary.fileBytes / 1024 / 1024).toFixed(1)} MB)`);
    console.log(
      `  took ${seconds(written - started)} (photos ${seconds(summary.timings.filesMs)}, database ` +
        `${seconds(summary.timings.databaseMs)}); checked complete in ${seconds(performance.now() - written)}`,
    );
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

main().catch((error) => {
  const known = error instanceof BackupError || error instanceof ConfigError;
  console.error(known ? error.message : error);
  process.exit(1);
});
