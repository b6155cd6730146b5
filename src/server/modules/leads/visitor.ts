import { createHash, randomBytes } from 'node:crypto';
import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';

/**
 * One visitor on one day (decisions 0050 and 0071): a hash of the day's salt and the client's
 * address (an IPv6 client by its /64, as `clientAddress` gives it), cut to 64 bits (a signed
 * bigint, as PostgreSQL stores it). The browser's name is not part of it: a client chooses
 * it freely, so it would let one address count as many visitors. Nothing else about the
 * visitor is kept, and once the salt is deleted the hash cannot be recomputed.
 */
export function visitorHash(salt: string, address: string): string {
  const digest = createHash('sha256').update(`${salt}\n${address}`).digest();
  return digest.readBigInt64BE(0).toString();
}

/** A fresh daily salt: 256 random bits. */
export function newSalt(): string {
  return randomBytes(32).toString('base64url');
}

/** The UTC day of a moment, as PostgreSQL's date reads it: '2026-11-23'. */
export function utcDay(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

/**
 * Whether a request comes from a person's browser worth counting: not a known crawler or
 * headless browser (the `isbot` list), not a browser with no name, not a speculative prefetch.
 */
export function isCountedVisitor(headers: Record<string, string | string[] | undefined>): boolean {
  const userAgent = headers['user-agent'];
  if (typeof userAgent !== 'string' || userAgent.trim() === '') return false;
  if (isKnownBot(userAgent)) return false;
  const purpose = headers['sec-purpose'] ?? headers.purpose;
  return !(typeof purpose === 'string' && /prefetch|prerender/i.test(purpose));
}

/**
 * The `isbot` verdict per user agent, remembered: visitors' browsers send a few hundred
 * distinct strings, and each check runs a regular expression of hundreds of patterns. Long
 * strings are checked every time, so a flood of made-up ones cannot fill memory.
 */
const botVerdicts = new LRUCache<string, boolean>({ max: 1_000 });
function isKnownBot(userAgent: string): boolean {
  if (userAgent.length > 512) return isbot(userAgent);
  let verdict = botVerdicts.get(userAgent);
  if (verdict === undefined) {
    verdict = isbot(userAgent);
    botVerdicts.set(userAgent, verdict);
  }
  return verdict;
}
