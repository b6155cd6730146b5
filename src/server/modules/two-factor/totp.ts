import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** A code of the step before or after is taken too (phone clocks drift). */
const WINDOW = 1;
export const TOTP_ISSUER = 'SD Hub';
export const RECOVERY_CODE_COUNT = 10;
/** How a stored recovery code hash under the key begins; one without it is an older plain SHA-256. */
export const KEYED_RECOVERY_PREFIX = 'h1:';

/**
 * Outside production, without TOTP_ENCRYPTION_KEY, secrets are encrypted with this fixed
 * development key (decision 0034): it protects nothing, and production never uses it.
 */
const DEVELOPMENT_KEY = createHash('sha256').update('sdh development two-factor key, not secret').digest();

/** Encrypts and decrypts two-factor secrets at rest (AES-256-GCM); the stored form names its key. */
export function createSecretBox(key: Buffer | undefined) {
  const activeKey = key ?? DEVELOPMENT_KEY;
  const keyId = (k: Buffer) => createHash('sha256').update(k).digest('hex').slice(0, 8);
  const id = keyId(activeKey);
  // Its own key for recovery codes, derived from the sealing key, so one never serves as the other.
  const recoveryKey = createHmac('sha256', activeKey).update('sdh recovery codes').digest();
  const keyedRecoveryHash = (userId: string, plainHash: string) =>
    `${KEYED_RECOVERY_PREFIX}${createHmac('sha256', recoveryKey).update(`${userId}:${plainHash}`).digest('hex')}`;
  return {
    /** Whether the fixed development key is in use. */
    developmentKey: key === undefined,
    /** Names the key in use in what it seals (not secret). */
    keyId: id,
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', activeKey, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', id, iv.toString('base64'), cipher.getAuthTag().toString('base64'), sealed.toString('base64')].join(
        ':',
      );
    },
    /** Throws SecretKeyMismatch when the secret was sealed with another key. */
    open(stored: string): string {
      const [version, storedId, iv, tag, sealed] = stored.split(':');
      if (version !== 'v1' || !iv || !tag || !sealed) throw new Error('unreadable two-factor secret');
      if (storedId !== id) throw new SecretKeyMismatch();
      const decipher = createDecipheriv('aes-256-gcm', activeKey, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64')), decipher.final()]).toString('utf8');
    },
    /** Whether a stored secret was sealed with the key in use. */
    opens(stored: string): boolean {
      return stored.split(':')[1] === id;
    },
    /**
     * What is stored of an account's recovery code: an HMAC under the key, of the account and
     * the code's plain SHA-256, so a copy of the database (a backup) without the key gives no
     * way to test guesses, and a code is good for its own account only.
     */
    recoveryCodeHash(userId: string, code: string): string {
      return keyedRecoveryHash(userId, plainRecoveryCodeHash(code));
    },
    /** The keyed form of a code stored before as its plain SHA-256 (upgraded without knowing the code). */
    keyedRecoveryHash,
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;

export class SecretKeyMismatch extends Error {
  constructor() {
    super('two-factor secret sealed with another TOTP_ENCRYPTION_KEY');
    this.name = 'SecretKeyMismatch';
  }
}

const totpOf = (base32: string, label = '') =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(base32),
  });

/** A new random secret (160 bits, base32) and what the authenticator app needs to take it. */
export async function newTotpSecret(username: string) {
  const secret = new Secret({ size: 20 }).base32;
  const uri = totpOf(secret, username).toString();
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(qrSvg).toString('base64')}` };
}

/** The time step a six-digit code belongs to (within one step of now), or null when it is wrong. */
export function totpStepOf(base32: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(base32).validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/** The code of a moment (tests, and nothing else, need to make one). */
export function totpCodeAt(base32: string, timestamp: number): string {
  return totpOf(base32).generate({ timestamp });
}

// Crockford's base32: 32 letters and digits, without i, l, o and u, so 5 unbiased bits each.
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** Ten random codes like "k7m2q-xp4rt" (50 bits each), shown once. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % 32]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/**
 * The SHA-256 of a recovery code's letters, whatever the case, spaces or dash: what was
 * stored before, and what the keyed hash is made of (SecretBox.recoveryCodeHash).
 */
export function plainRecoveryCodeHash(code: string): string {
  return createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex');
}

/** A code as typed: six digits (spaces allowed), or a recovery code. */
export function readCode(raw: string): { kind: 'totp'; code: string } | { kind: 'recovery'; code: string } | null {
  const compact = raw.replace(/[\s-]/g, '').toLowerCase();
  if (/^\d{6}$/.test(compact)) return { kind: 'totp', code: compact };
  if (/^[a-z0-9]{10}$/.test(compact)) return { kind: 'recovery', code: compact };
  return null;
}
