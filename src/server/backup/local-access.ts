import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * How `npm run backup` reaches a running server whose embedded database it may not open:
 * the server writes its address and a random token into DATA_DIR (readable by its owner
 * only: whoever can read it can read the database files anyway) and removes it on exit.
 */
export const LOCAL_ACCESS_FILE = '.server-access.json';

export interface LocalAccess {
  pid: number;
  /** Where the server answers, e.g. http://127.0.0.1:3000. */
  url: string;
  token: string;
}

export const newLocalToken = () => randomBytes(32).toString('base64url');

export function writeLocalAccess(dataDir: string, access: LocalAccess): void {
  writeFileSync(path.join(dataDir, LOCAL_ACCESS_FILE), JSON.stringify(access), { mode: 0o600 });
}

export function removeLocalAccess(dataDir: string): void {
  rmSync(path.join(dataDir, LOCAL_ACCESS_FILE), { force: true });
}

/** The running server's access, or null when none was written (or it is unreadable). */
export function readLocalAccess(dataDir: string): LocalAccess | null {
  try {
    const access = JSON.parse(readFileSync(path.join(dataDir, LOCAL_ACCESS_FILE), 'utf8')) as LocalAccess;
    return typeof access.url === 'string' && typeof access.token === 'string' ? access : null;
  } catch {
    return null;
  }
}

/** A URL the same machine can reach a server on, from the interface it listens on. */
export function localUrl(host: string, port: number): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return `http://127.0.0.1:${port}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
