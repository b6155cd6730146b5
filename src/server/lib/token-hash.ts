import { createHash, randomBytes } from 'node:crypto';

/** What a table keeps of a secret token (session, link, pending sign-in): its SHA-256, so a copy lets nobody in. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new random 256-bit token, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');
