// The embedded database's first start, in a process of its own (see openSiteDatabase in
// first-start.ts): migrates the folder its parent holds, does the first-start work, answers
// with the report, and exits, taking the memory all that grew with it.

import { migrate } from '#server/db/migrate';
import { openPgliteDatabase } from '#server/db/pglite-database';
import { openStorage } from '#server/storage/open-storage';
import { type FirstStartReply, type FirstStartRequest, firstStart } from './first-start';

process.once('message', async ({ folder, settings }: FirstStartRequest) => {
  let reply: FirstStartReply;
  const storage = openStorage(settings);
  try {
    const db = await openPgliteDatabase(folder);
    try {
      await migrate(db);
      reply = { ok: true, report: await firstStart(db, settings, storage) };
    } finally {
      await db.close();
    }
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    reply = { ok: false, error: { name, message } };
  } finally {
    await storage.close();
  }
  process.send?.(reply, () => process.disconnect());
});
// The parent gone (stopped while this worked): nothing waits for the work, and the folder is no
// longer held for it.
process.once('disconnect', () => process.exit(process.exitCode ?? 0));
