import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../support/postgres-server';

const ENV_NAME = 'E2E_STARTED_FOLDER';

/**
 * Global setup: a data folder the built server has started on once and stopped (its embedded
 * database created and migrated; no account, no content). Specs that start servers of their
 * own copy it, so each start skips creating and migrating the database (about 10 s of CPU)
 * and does the rest as on a new folder: the first admin, demo content, the sweep, the lock.
 */
export default async function makeStartedFolder() {
  const folder = path.resolve(`.tmp/e2e-started-${process.env.E2E_PORT ?? 4310}`);
  rmSync(folder, { recursive: true, force: true });
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['dist/server/server.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: folder,
      DEMO_MODE: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  try {
    const deadline = Date.now() + 240_000;
    while ((await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.status !== 200) {
      if (child.exitCode !== null)
        throw new Error(`the server exited (${child.exitCode}) before its first start ended`);
      if (Date.now() > deadline) throw new Error('the server did not finish its first start within 4 minutes');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    child.kill('SIGTERM');
  }
  if ((await exited) !== 0) throw new Error('the server did not stop cleanly after its first start');
  process.env[ENV_NAME] = folder;
}

/** A new folder holding a copy of the started one (see above), for one server of a spec. */
export function copyOfStartedFolder(prefix: string): string {
  const started = process.env[ENV_NAME];
  if (!started) throw new Error(`${ENV_NAME} is not set: playwright.config.ts's globalSetup makes it`);
  const folder = mkdtempSync(path.join(tmpdir(), prefix));
  cpSync(started, folder, { recursive: true });
  return folder;
}
