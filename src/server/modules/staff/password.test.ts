import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_HASH_COST, hashPassword, setPasswordHashCost, verifyPassword } from './password';

afterEach(() => setPasswordHashCost(DEFAULT_PASSWORD_HASH_COST));

describe('password hashes', () => {
  it('are scrypt N=2^17, r=8, p=1 unless the cost is set', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
  });

  it('take the set cost for new hashes, and check old ones at the cost they were made with', async () => {
    const old = await hashPassword('made at the default');
    setPasswordHashCost(12);
    const cheap = await hashPassword('made cheaper');
    expect(cheap).toMatch(/^scrypt\$4096\$8\$1\$/);
    expect(await verifyPassword('made cheaper', cheap)).toBe(true);
    expect(await verifyPassword('made at the default', old)).toBe(true);
    expect(await verifyPassword('made at the default ', old)).toBe(false);
  });

  it('refuses a cost out of range', () => {
    for (const cost of [9, 21, 12.5, Number.NaN]) expect(() => setPasswordHashCost(cost)).toThrow(RangeError);
  });
});
