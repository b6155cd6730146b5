import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The lock file in DATA_DIR: who holds the folder. */
export const LOCK_FILE = '.lock';

interface LockOwner {
  pid: number;
  hostname: string;
  since: string;
  /** When the process started (Linux), so a pid reused by another process is not taken for the owner. */
  processStart: string | null;
}

export class DataDirLockedError extends Error {
  constructor(dataDir: string, owner: LockOwner | null, lockFile: string) {
    const who = owner
      ? `process ${owner.pid}${owner.hostname === os.hostname() ? '' : ` on ${owner.hostname}`} (since ${owner.since})`
      : 'another process';
    super(
      `DATA_DIR ${dataDir} is in use by ${who}: only one process may open its embedded database. ` +
        `Stop that process first, or use another DATA_DIR. (If no such process exists, delete ${lockFile}.)`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** Field 22 of /proc/<pid>/stat (start time since boot), or null where there is no /proc. */
function processStartOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields follow the command name in parentheses, which may itself hold spaces.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(owner: LockOwner): boolean {
  // Another machine's process (a shared folder) cannot be checked from here: assume it runs.
  if (owner.hostname !== os.hostname()) return true;
  // Our own pid: the owner died and its pid came round to us (common in containers).
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  const start = processStartOf(owner.pid);
  return owner.processStart === null || start === null || start === owner.processStart;
}

function parseOwner(text: string): LockOwner | null {
  try {
    const owner = JSON.parse(text) as LockOwner;
    return Number.isInteger(owner.pid) && typeof owner.hostname === 'string' ? owner : null;
  } catch {
    return null;
  }
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Removes a lock judged stale, unless another process replaced it in the meantime: it is
 * moved aside atomically and checked, and put back if it is not the one judged.
 */
function removeStale(file: string, judged: string): void {
  const aside = `${file}.stale-${process.pid}`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // someone else removed it
    throw error;
  }
  try {
    if (readFileSync(aside, 'utf8') !== judged) linkSync(aside, file);
  } finally {
    unlinkSync(aside);
  }
}

export interface DataDirLock {
  /** Gives the folder up (idempotent). */
  release(): void;
}

/**
 * Takes DATA_DIR for this process: a lock file holding our pid, created atomically. Throws
 * DataDirLockedError while a live process holds it; a lock left by a process that died
 * (kill -9, a crash, a power cut) is taken over.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const content = JSON.stringify({
    pid: process.pid,
    hostname: os.hostname(),
    since: new Date().toISOString(),
    processStart: processStartOf(process.pid),
  } satisfies LockOwner);
  // Written whole under a private name, then linked into place: no one ever reads half a lock.
  const draft = `${file}.${process.pid}`;
  writeFileSync(draft, content);
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(draft, file);
        return createRelease(file, content);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const held = readText(file);
      if (held === null) continue; // released between our two steps
      const owner = parseOwner(held);
      if (owner && isAlive(owner)) throw new DataDirLockedError(dataDir, owner, file);
      removeStale(file, held);
    }
    throw new DataDirLockedError(dataDir, null, file);
  } finally {
    unlinkSync(draft);
  }
}

function createRelease(file: string, content: string): DataDirLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.removeListener('exit', release);
    // Only our own lock: never one another process took over.
    try {
      if (readText(file) === content) unlinkSync(file);
    } catch {
      // The folder went away: there is nothing left to give up.
    }
  };
  // A process that exits without closing the database still gives the folder up.
  process.once('exit', release);
  return { release };
}
