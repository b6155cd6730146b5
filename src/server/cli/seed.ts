import { ConfigError, loadConfig } from '#server/config';
import { DataDirLockedError } from '#server/db/data-dir-lock';
import { openDatabase } from '#server/db/open-database';
import { setPasswordHashCost } from '#server/modules/staff/password';
import { parseSeedArgs, runSeed, SEED_USAGE } from '#server/seed/seed-command';
import { openStorage } from '#server/storage/open-storage';

async function main() {
  const config = loadConfig();
  setPasswordHashCost(config.passwordHashCost);
  const parsed = parseSeedArgs(process.argv.slice(2), { production: config.isProduction });
  if ('help' in parsed) return console.log(SEED_USAGE);
  if ('error' in parsed) {
    console.error(`${parsed.error}\n${SEED_USAGE}`);
    process.exit(2);
  }
  const db = await openDatabase(config);
  const storage = openStorage(config);
  try {
    const started = performance.now();
    const added = await runSeed(db, storage, parsed.plan);
    console.log(
      added.blogPosts > 0
        ? `launch content: ${added.blogPosts} blog posts added`
        : 'launch content: the blog already has posts, left as it is',
    );
    if (parsed.plan.demo) {
      console.log(
        added.demoListings > 0
          ? `demo listings: ${added.demoListings} added`
          : 'demo listings: the listings table is not empty, none added',
      );
      console.log(
        added.demoRates > 0
          ? `demo exchange rates: ${added.demoRates} added`
          : 'demo exchange rates: rates are already set, left as they are',
      );
    }
    if (added.syntheticListings > 0) {
      console.log(`synthetic listings: ${added.syntheticListings} added`);
    }
    console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await storage.close();
    await db.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
