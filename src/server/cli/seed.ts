import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { openDatabase } from '../db/open-database';
import { seedDemoContent, seedSyntheticListings } from '../seed/seed';
import { createLocalDiskStorage } from '../storage/local-disk-storage';

const USAGE =
  'Usage: npm run seed -- [--listings N]\n  Loads the demo content into empty tables; --listings adds N synthetic listings.';

async function main() {
  const { values } = parseArgs({ options: { listings: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help) return console.log(USAGE);
  const count = values.listings === undefined ? 0 : Number(values.listings);
  if (!Number.isInteger(count) || count < 0 || count > 5_000_000) {
    console.error(`--listings must be a whole number from 0 to 5000000.\n${USAGE}`);
    process.exit(2);
  }
  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    const storage = createLocalDiskStorage(path.join(config.dataDir, 'uploads'));
    const seeded = await seedDemoContent(db, storage);
    console.log(`demo content: ${seeded.listings} listings, ${seeded.blogPosts} blog posts added`);
    if (count > 0) {
      const started = performance.now();
      await seedSyntheticListings(db, count);
      console.log(`added ${count} synthetic listings in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  } finally {
    await db.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
