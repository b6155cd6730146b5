import { parseArgs } from 'node:util';
import type { Database } from '#server/db/database';
import type { ObjectStorage } from '#server/storage/object-storage';
import { seedDemoListings, seedDemoRates, seedLaunchContent, seedSyntheticListings } from './seed';

export const SEED_USAGE = `Usage: npm run seed -- [--content | --demo [--listings N]]
  --content      the six launch blog posts, into an empty blog (nothing made up; fit for production).
                 A bare \`npm run seed\` does the same.
  --demo         the launch blog posts, the 91 demo listings with made-up sellers and dated demo
                 exchange rates, each into an empty table (refused when NODE_ENV=production).
  --listings N   with --demo: also adds N synthetic listings (load tests).`;

/** What one run loads. The launch content is always part of it. */
export interface SeedPlan {
  demo: boolean;
  syntheticListings: number;
}

/** The command line, checked: a plan, or a message saying what is wrong (and the usage). */
export function parseSeedArgs(
  args: string[],
  { production }: { production: boolean },
): { plan: SeedPlan } | { help: true } | { error: string } {
  let values: { content?: boolean; demo?: boolean; listings?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args,
      options: {
        content: { type: 'boolean' },
        demo: { type: 'boolean' },
        listings: { type: 'string' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    return { error: (error as Error).message };
  }
  if (values.help) return { help: true };
  if (values.content && values.demo) return { error: 'Choose --content or --demo, not both.' };
  const syntheticListings = values.listings === undefined ? 0 : Number(values.listings);
  if (!Number.isInteger(syntheticListings) || syntheticListings < 0 || syntheticListings > 5_000_000) {
    return { error: '--listings must be a whole number from 0 to 5000000.' };
  }
  if (values.listings !== undefined && !values.demo) {
    return { error: '--listings adds made-up listings: use it with --demo.' };
  }
  if (values.demo && production) {
    return { error: 'Demo data is never loaded with NODE_ENV=production; use --content.' };
  }
  return { plan: { demo: values.demo === true, syntheticListings } };
}

/** Runs a plan; returns what it added. */
export async function runSeed(db: Database, storage: ObjectStorage, plan: SeedPlan) {
  const blogPosts = await seedLaunchContent(db, storage);
  const demoListings = plan.demo ? await seedDemoListings(db, storage) : 0;
  const demoRates = plan.demo ? await seedDemoRates(db) : 0;
  if (plan.syntheticListings > 0) await seedSyntheticListings(db, plan.syntheticListings);
  return { blogPosts, demoListings, demoRates, syntheticListings: plan.syntheticListings };
}
