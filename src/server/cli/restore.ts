import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError } from '#server/backup/archive';
import { checkRestoreTarget, restoreBackup, settleInterruptedRestore } from '#server/backup/restore-backup';
import { ConfigError, loadConfig } from '#server/config';
import { DataDirLockedError } from '#server/db/data-dir-lock';
import { openDatabase } from '#server/db/open-database';
import { openStorage } from '#server/storage/open-storage';

const USAGE = `Usage: npm run restore -- FILE
Fills an empty database and an empty file store (DATA_DIR, or DATABASE_URL and the
uploads folder or S3 bucket as configured) from an archive made by npm run backup.
Refuses a database with rows or a store with files. Run it with the server stopped;
start the server afterwards. A restore that was killed is cleaned up by the next run (or,
when its rows were already in, finished by it).`;

async function main() {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { help: { type: 'boolean' } } });
  if (values.help) return console.log(USAGE);
  const [source] = positionals;
  if (!source || positionals.length > 1) {
    console.error(USAGE);
    process.exit(2);
  }
  const file = path.resolve(source);
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
  const config = loadConfig();
  const started = performance.now();
  const db = await openDatabase(config, { migrate: false });
  const storage = openStorage(config);
  try {
    const finished = await settleInterruptedRestore(storage);
    if (finished !== null) {
      console.log(
        `finished the restore that was interrupted after its rows were in: moved its last ${finished} photos into place.`,
      );
      return;
    }
    await checkRestoreTarget(db, storage);
    const result = await restoreBackup(createReadStream(file), db, storage);
    const rows = Object.values(result.rows).reduce((a, b) => a + b, 0);
    const tables = Object.entries(result.rows)
      .map(([name, count]) => `${name} ${count}`)
      .join(', ');
    const where = config.databaseUrl ? 'the PostgreSQL database' : `the embedded database in ${config.dataDir}`;
    console.log(`restored the backup of ${result.createdAt} into ${where}:`);
    console.log(`  ${rows} rows (${tables})`);
    console.log(`  ${result.files} photos into ${config.s3 ? `bucket ${config.s3.bucket}` : 'the uploads folder'}`);
    if (result.missingFiles.length > 0) {
      console.log(
        `  ${result.missingFiles.length} photos the rows name were not in the backup (deleted while it was made?), ` +
          `e.g. ${result.missingFiles.slice(0, 3).join(', ')}`,
      );
    }
    console.log(`  took ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await storage.close();
    await db.close();
  }
}

main().catch((error) => {
  const known = error instanceof BackupError || error instanceof ConfigError || error instanceof DataDirLockedError;
  console.error(known ? error.message : error);
  process.exit(1);
});
