import { describe, expect, it } from 'vitest';
import {
  createSecretBox,
  newRecoveryCodes,
  newTotpSecret,
  plainRecoveryCodeHash,
  readCode,
  SecretKeyMismatch,
  totpCodeAt,
  totpStepOf,
} from './totp';

describe('TOTP codes (RFC 6238)', () => {
  // RFC 6238 appendix B, SHA-1 seed "12345678901234567890", truncated to 6 digits.
  const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
  it.each([
    [59_000, '287082'],
    [1_111_111_109_000, '081804'],
    [1_234_567_890_000, '005924'],
  ])('at %i ms the code is %s', (timestamp, code) => {
    expect(totpCodeAt(RFC_SECRET, timestamp)).toBe(code);
  });

  it('takes the code of the step before or after, not two away, and names its step', async () => {
    const { secret } = await newTotpSecret('amina');
    const now = 1_800_000_000_000;
    const step = Math.floor(now / 30_000);
    expect(totpStepOf(secret, totpCodeAt(secret, now), now)).toBe(step);
    expect(totpStepOf(secret, totpCodeAt(secret, now - 30_000), now)).toBe(step - 1);
    expect(totpStepOf(secret, totpCodeAt(secret, now + 30_000), now)).toBe(step + 1);
    expect(totpStepOf(secret, totpCodeAt(secret, now + 60_000), now)).toBeNull();
    expect(totpStepOf(secret, 'abcdef', now)).toBeNull();
  });
});

describe('recovery codes', () => {
  it('are ten different codes, read whatever their case, spaces or dash', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
    const [code = ''] = codes;
    expect(plainRecoveryCodeHash(code.toUpperCase().replace('-', ' '))).toBe(plainRecoveryCodeHash(code));
    expect(readCode(` ${code.toUpperCase()} `)).toEqual({ kind: 'recovery', code: code.replace('-', '') });
    expect(readCode('123 456')).toEqual({ kind: 'totp', code: '123456' });
    expect(readCode('12345')).toBeNull();
    expect(readCode('<script>')).toBeNull();
  });
});

describe('recovery codes at rest', () => {
  it('are kept as a keyed hash of the account and the code: not the plain SHA-256, and useless without the key', () => {
    const box = createSecretBox(Buffer.alloc(32, 1));
    const [code = ''] = newRecoveryCodes();
    const stored = box.recoveryCodeHash('user-a', code);
    expect(stored).toMatch(/^h1:[0-9a-f]{64}$/);
    expect(stored).not.toContain(plainRecoveryCodeHash(code));
    expect(box.recoveryCodeHash('user-a', code.toUpperCase())).toBe(stored);
    // Another account's code, or the same code under another key, hashes differently.
    expect(box.recoveryCodeHash('user-b', code)).not.toBe(stored);
    expect(createSecretBox(Buffer.alloc(32, 2)).recoveryCodeHash('user-a', code)).not.toBe(stored);
    // A code stored before as its plain SHA-256 takes the same keyed form without the code.
    expect(box.keyedRecoveryHash('user-a', plainRecoveryCodeHash(code))).toBe(stored);
  });
});

describe('secrets at rest', () => {
  it('are sealed (AES-256-GCM), open only with their key, and refuse a tampered copy', () => {
    const box = createSecretBox(Buffer.alloc(32, 1));
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(box.opens(sealed)).toBe(true);
    const other = createSecretBox(Buffer.alloc(32, 2));
    expect(other.opens(sealed)).toBe(false);
    expect(() => other.open(sealed)).toThrow(SecretKeyMismatch);
    const parts = sealed.split(':');
    parts[4] = Buffer.from('tampered-tampered').toString('base64');
    expect(() => box.open(parts.join(':'))).toThrow();
    expect(createSecretBox(undefined).developmentKey).toBe(true);
    expect(box.developmentKey).toBe(false);
  });
});
