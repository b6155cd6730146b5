import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import pLimit from 'p-limit';

/** scrypt N=2^17, r=8, p=1: 128 MiB and a few hundred ms per hash, the OWASP minimum (production's floor). */
export const DEFAULT_PASSWORD_HASH_COST = 17;
/** What PASSWORD_HASH_COST accepts: tests hash at 2^12 (milliseconds), outside production only. */
export const MIN_PASSWORD_HASH_COST = 10;
export const MAX_PASSWORD_HASH_COST = 20;
const KEY_LENGTH = 32;

let PARAMS = { N: 2 ** DEFAULT_PASSWORD_HASH_COST, r: 8, p: 1 };

/**
 * Sets the cost of new hashes (and of the dummy check) from the configuration. Stored hashes
 * keep the cost they were made with: a check reads it from the hash.
 */
export function setPasswordHashCost(cost: number): void {
  if (!Number.isInteger(cost) || cost < MIN_PASSWORD_HASH_COST || cost > MAX_PASSWORD_HASH_COST) {
    throw new RangeError(`password hash cost must be ${MIN_PASSWORD_HASH_COST} to ${MAX_PASSWORD_HASH_COST}`);
  }
  PARAMS = { ...PARAMS, N: 2 ** cost };
}

/**
 * Hashes run on libuv's thread pool (4 threads), which file reads share: unbounded, a burst
 * of sign-ins stalls every image for seconds. At most this many run at once...
 */
export const HASHING_CONCURRENCY = 2;
/** ...and at most this many wait; beyond that a sign-in is turned away at once (HashingBusyError). */
export const HASHING_QUEUE_MAX = 24;
/** What a turned-away sign-in is told to wait: about the time the full queue takes to drain. */
export const HASHING_BUSY_RETRY_SECONDS = 5;

export class HashingBusyError extends Error {
  constructor() {
    super('Too many password hashes waiting');
    this.name = 'HashingBusyError';
  }
}

const hashing = pLimit(HASHING_CONCURRENCY);
const stats = { started: 0, running: 0, maxRunning: 0 };

/** How many hashes were started, and the most that ran at once (for tests and metrics). */
export function passwordHashingStats() {
  return { ...stats };
}

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  if (hashing.pendingCount >= HASHING_QUEUE_MAX) return Promise.reject(new HashingBusyError());
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return hashing(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        stats.started++;
        stats.running++;
        stats.maxRunning = Math.max(stats.maxRunning, stats.running);
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => {
          stats.running--;
          if (error) reject(error);
          else resolve(key);
        });
      }),
  );
}

/** "scrypt$N$r$p$salt$hash" (base64), so the cost can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Rejects with HashingBusyError when too many checks are already waiting. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

// Only its cost matters, the current one: no password matches it.
const dummyHash = () =>
  ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, 'c2RoLWR1bW15LXNhbHQ=', Buffer.alloc(KEY_LENGTH).toString('base64')].join(
    '$',
  );

/** Spends the time of a real check when the username is unknown, so timing does not reveal which names exist. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(password, dummyHash());
  return false;
}
