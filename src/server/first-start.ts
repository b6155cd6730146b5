import { once } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/db/database';
import { openServerDatabase } from '#server/db/open-database';
import { startChildProcess } from '#server/lib/worker-threads';
import { setPasswordHashCost } from '#server/modules/staff/password';
import { bootstrapFirstAdmin, seedDemoStaff } from '#server/modules/staff/service';
import { seedDemoContent } from '#server/seed/seed';
import type { ObjectStorage } from '#server/storage/object-storage';
import type { Config } from './config';

/** Set by scripts/build-server.mjs: where the built first-start process lies from the server's bundle. */
declare const FIRST_START_FILE: string | undefined;

/** What the first start needs to know: the first admin, demo mode, where uploads go, and how accounts' passwords are hashed. */
export type FirstStartSettings = Pick<
  Config,
  'adminUsername' | 'adminPassword' | 'demoMode' | 'dataDir' | 's3' | 'passwordHashCost'
>;

export interface FirstStartReport {
  /** The first admin created from ADMIN_USERNAME, if this start created it. */
  bootstrapped: string | null;
  /** Demo mode: demo staff accounts and demo content created by this start. */
  staff?: number;
  seeded?: { listings: number; blogPosts: number; rates: number };
  /** The process that did the work. */
  pid: number;
}

/** The work every start does on the migrated database before serving; each part is done once. */
export async function firstStart(
  db: Database,
  settings: FirstStartSettings,
  storage: ObjectStorage,
): Promise<FirstStartReport> {
  // Also in the first-start process, which has its own copy of the setting.
  setPasswordHashCost(settings.passwordHashCost);
  return {
    // The first admin from ADMIN_USERNAME / ADMIN_PASSWORD, before any demo account exists.
    bootstrapped: await bootstrapFirstAdmin(db, settings),
    staff: settings.demoMode ? await seedDemoStaff(db) : undefined,
    seeded: settings.demoMode ? await seedDemoContent(db, storage) : undefined,
    pid: process.pid,
  };
}

/**
 * The server's database, after its first-start work. The embedded database does that work in
 * a child process while this one holds DATA_DIR: the memory the work takes (the database's
 * own, image processing, the heap) goes with that process, so the server starts as small as
 * on any later start (decision 0060).
 */
export async function openSiteDatabase(
  config: Parameters<typeof openServerDatabase>[0] & FirstStartSettings,
  storage: ObjectStorage,
): Promise<{ db: Database; report: FirstStartReport }> {
  const { db, prepared } = await openServerDatabase(config, {
    here: (db) => firstStart(db, config, storage),
    apart: (folder) => firstStartInChildProcess(folder, pick(config)),
  });
  return { db, report: prepared };
}

export function logFirstStart(log: FastifyBaseLogger, { bootstrapped, staff, seeded }: FirstStartReport) {
  if (bootstrapped) log.info({ username: bootstrapped }, 'created the first admin from ADMIN_USERNAME');
  if (staff) log.info({ accounts: staff }, 'seeded demo staff accounts');
  if (seeded && (seeded.listings || seeded.blogPosts || seeded.rates)) log.info(seeded, 'seeded demo content');
}

/** Only the settings the child needs cross over (the rest holds buffers and secrets it has no use for). */
function pick({
  adminUsername,
  adminPassword,
  demoMode,
  dataDir,
  s3,
  passwordHashCost,
}: FirstStartSettings): FirstStartSettings {
  return { adminUsername, adminPassword, demoMode, dataDir, s3, passwordHashCost };
}

/** What the parent sends the first-start process, and what it answers. */
export interface FirstStartRequest {
  folder: string;
  settings: FirstStartSettings;
}
export type FirstStartReply =
  | { ok: true; report: FirstStartReport }
  | { ok: false; error: { name: string; message: string } };

async function firstStartInChildProcess(folder: string, settings: FirstStartSettings): Promise<FirstStartReport> {
  const built = typeof FIRST_START_FILE === 'string' ? new URL(FIRST_START_FILE, import.meta.url) : undefined;
  const child = startChildProcess(built, new URL('./first-start-process.ts', import.meta.url));
  let reply: FirstStartReply | undefined;
  child.on('message', (message: FirstStartReply) => {
    reply = message;
  });
  const ended = once(child, 'close') as Promise<[number | null, NodeJS.Signals | null]>;
  child.send({ folder, settings } satisfies FirstStartRequest);
  const [code, signal] = await ended;
  if (reply?.ok) return reply.report;
  if (reply) throw Object.assign(new Error(reply.error.message), { name: reply.error.name });
  throw new Error(`the first-start process ended without an answer (${signal ?? `exit code ${code}`})`);
}
