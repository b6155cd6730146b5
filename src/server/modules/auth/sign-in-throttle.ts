import type { Queryable } from '#server/db/database';
import { signInThrottleRepository } from './repository';

/** Failed sign-ins allowed per window, per username and per client address. */
export const SIGN_IN_THROTTLE = { perUsername: 5, perAddress: 20, windowMs: 15 * 60 * 1000 };

/**
 * What lets a sign-in past its account's lock. The account's counter takes failures from
 * anywhere, so on its own it would let anyone keep the owner out for 15 minutes at a time.
 * An address that signed in to the account before is counted apart (still 5 tries per
 * window); so is a sign-in that brings its two-factor code with the password, on an account
 * that has one, per address (decision 0034): only a right code makes its password count.
 */
export type LockWayThrough = { kind: 'known-address' | 'second-factor'; address: string };

/** The counters one attempt is charged to, each with its limit. */
export function throttleKeys(username: string | null, address: string, way: LockWayThrough | null) {
  const keys = [{ key: `signin-fail:ip:${address}`, max: SIGN_IN_THROTTLE.perAddress }];
  if (username !== null) {
    const account = way ? `signin-fail:user:${username}|${way.kind}:${way.address}` : `signin-fail:user:${username}`;
    keys.push({ key: account, max: SIGN_IN_THROTTLE.perUsername });
  }
  return keys;
}

export type Reservation =
  | {
      ok: true;
      /** The password was right: the address is not charged and the account's counter starts over. */
      succeeded(): Promise<void>;
      /** Nothing was checked (the server was too busy): nothing is charged. */
      cancel(): Promise<void>;
    }
  | { ok: false; retryAfterMs: number };

/**
 * Charges an attempt before its password is hashed, so parallel guesses cannot all be
 * checked before the first failure is counted; an attempt over a limit is refused unhashed.
 */
export function createSignInThrottle(db: Queryable) {
  const counters = signInThrottleRepository(db);
  const releaseAll = (keys: string[]) => Promise.all(keys.map((key) => counters.release(key)));
  return {
    /**
     * Whether the failures counted so far lock `username` (under `way`) now: the end of that
     * lock, or null. Read right after a failure, it tells that this failure tripped it.
     */
    async accountLockedUntil(username: string, address: string, way: LockWayThrough | null): Promise<Date | null> {
      const account = throttleKeys(username, address, way)[1];
      return account ? counters.lockedUntil(account.key, account.max) : null;
    },

    /**
     * Whether the owner may be told of a lock now: once per window per account, however many
     * addresses (each with a counter of its own) trip a lock meanwhile.
     */
    async claimLockNotice(accountId: string): Promise<boolean> {
      return counters.reserve(`signin-lock-notice:${accountId}`, 1, SIGN_IN_THROTTLE.windowMs);
    },

    async reserve(username: string | null, address: string, way: LockWayThrough | null): Promise<Reservation> {
      const keys = throttleKeys(username, address, way);
      const taken: string[] = [];
      for (const { key, max } of keys) {
        if (!(await counters.reserve(key, max, SIGN_IN_THROTTLE.windowMs))) {
          await releaseAll(taken);
          return { ok: false, retryAfterMs: await counters.ttl(key) };
        }
        taken.push(key);
      }
      const [byAddress, byAccount] = taken;
      return {
        ok: true,
        async succeeded() {
          if (byAddress) await counters.release(byAddress);
          if (byAccount) await counters.clear(byAccount);
        },
        async cancel() {
          await releaseAll(taken);
        },
      };
    },
  };
}
