import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '#server/config';
import { copyStorage } from '#server/storage/copy-storage';
import { createLocalDiskStorage } from '#server/storage/local-disk-storage';
import { localUploadsDir, openStorage } from '#server/storage/open-storage';

const USAGE = `Usage: npm run storage:copy -- [--from FOLDER]
Copies every stored file (photos and their display sizes) from the uploads folder
(DATA_DIR/uploads, or FOLDER) into the S3 bucket configured by S3_BUCKET and the S3_* and
AWS_* settings. Files already in the bucket are left as they are, so it can run again (and
while the site runs); nothing is deleted from the folder.`;

async function main() {
  const { values } = parseArgs({ options: { from: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help) return console.log(USAGE);
  const config = loadConfig();
  if (!config.s3) {
    console.error(`S3_BUCKET is not set: there is no bucket to copy into.\n${USAGE}`);
    process.exit(2);
  }
  const folder = values.from ?? localUploadsDir(config.dataDir);
  const source = createLocalDiskStorage(folder);
  const target = openStorage(config);
  const started = performance.now();
  let shown = 0;
  try {
    const summary = await copyStorage(source, target, {
      onProgress(progress) {
        const done = progress.copied + progress.alreadyThere + progress.failed.length;
        if (done - shown >= 500) {
          shown = done;
          console.log(`… ${done} files`);
        }
      },
    });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `from ${folder} to bucket ${config.s3.bucket}: ${summary.copied} files copied ` +
        `(${(summary.bytes / 1024 / 1024).toFixed(1)} MB), ${summary.alreadyThere} already there, ` +
        `${summary.failed.length} failed, in ${seconds.toFixed(1)} s`,
    );
    for (const failure of summary.failed.slice(0, 20)) console.error(`failed: ${failure.key}: ${failure.error}`);
    if (summary.failed.length > 0) {
      console.error('Some files were not copied; run the command again once the cause is fixed.');
      process.exitCode = 1;
    }
  } finally {
    await target.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
