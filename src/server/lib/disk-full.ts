import { statfsSync, statSync } from 'node:fs';
import path from 'node:path';

/** PostgreSQL's SQLSTATE disk_full, which the embedded database reports too. */
export const DISK_FULL_SQLSTATE = '53100';

/** The system's errors for a disk with no room left: no space, or the quota used up. */
export const DISK_FULL_ERRNOS: ReadonlySet<string> = new Set(['ENOSPC', 'EDQUOT']);

/** The name of the database's disk-full error (db/database.ts), which survives a trip to another process. */
export const DATABASE_FULL_ERROR = 'DatabaseFullError';

/** What a disk-full error says once only its message is left (it crossed to another process). */
const DISK_FULL_MESSAGE = /No space left on device|Disk quota exceeded|\bENOSPC\b|\bEDQUOT\b/i;

/** The error, or one of its causes, says the disk is full (SQLSTATE disk_full, ENOSPC, EDQUOT). */
export function isDiskFull(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === DISK_FULL_SQLSTATE || (typeof code === 'string' && DISK_FULL_ERRNOS.has(code))) return true;
    if (e.name === DATABASE_FULL_ERROR) return true;
    if (DISK_FULL_MESSAGE.test(e.message)) return true;
  }
  return false;
}

/** Less free space than this on a folder's disk counts as full: a database cannot start in it. */
export const NEARLY_FULL_BYTES = 1024 * 1024;

/** The disk holding `folder` (or the nearest folder above it that exists): its id and the bytes free for us. */
function diskOf(folder: string): { device: number; free: number } | null {
  for (let dir = path.resolve(folder); ; dir = path.dirname(dir)) {
    try {
      const { bavail, bsize } = statfsSync(dir);
      return { device: statSync(dir).dev, free: Number(bavail) * Number(bsize) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || dir === path.dirname(dir)) return null;
    }
  }
}

/**
 * What to tell the operator when start-up failed on a full disk: which of `folders` (named by
 * their setting, the likeliest first) is on a full disk; if none is nearly full, the first
 * (what was asked of it did not fit). `remoteDatabase`: the database is on another server,
 * whose disk a database error speaks of.
 */
export function diskFullAtStart(
  error: unknown,
  folders: { setting: string; folder: string }[],
  { remoteDatabase = false } = {},
): string {
  const seen = new Set<number>();
  const described: { text: string; full: boolean }[] = [];
  for (const { setting, folder } of folders) {
    const disk = diskOf(folder);
    // One line per disk: a folder inside another on the same disk adds nothing.
    if (!disk || seen.has(disk.device)) continue;
    seen.add(disk.device);
    described.push({ text: `${folder} (${setting}, ${disk.free} bytes free)`, full: disk.free < NEARLY_FULL_BYTES });
  }
  const full = described.filter((folder) => folder.full);
  const said = error instanceof Error ? error.message : String(error);
  if (full.length === 0 && remoteDatabase && isDatabaseError(error)) {
    return `Cannot start: the PostgreSQL server of DATABASE_URL has no space left on its disk (${said}). Free some space there, then start again.`;
  }
  const named = full.length > 0 ? full : described.slice(0, 1);
  if (named.length === 0) return `Cannot start: a disk is full (${said}). Free some space on it, then start again.`;
  return (
    `Cannot start: the disk holding ${named.map((folder) => folder.text).join(' and the one holding ')} is full (${said}). ` +
    'Free some space on it, or move the folder to a larger disk, then start again.'
  );
}

/** The database said so (SQLSTATE disk_full), not the file system here. */
function isDatabaseError(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e.name === DATABASE_FULL_ERROR || (e as { code?: unknown }).code === DISK_FULL_SQLSTATE) return true;
  }
  return false;
}
