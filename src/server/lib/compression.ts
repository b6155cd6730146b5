import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';

/**
 * How the server compresses what it makes as it answers (JSON, pages): the compression
 * plugin's settings, and the page cache's, which keeps each page compressed once.
 * Static files are compressed at build time instead (scripts/precompress.mjs).
 */

/** The encodings offered, preferred first. */
export const ANSWER_ENCODINGS = ['br', 'gzip'] as const;
export type AnswerEncoding = (typeof ANSWER_ENCODINGS)[number];

/** Smaller answers go as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD = 1024;

/** Cheap settings, paid by every answer that is not cached: brotli 4 costs about what gzip 6 does and is smaller. */
export const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
export const GZIP_OPTIONS = { level: 6 };

/**
 * Answers up to this size are compressed in one call on the event loop, larger ones through
 * a stream. The stream hands the work to libuv's threads, which only pays where cores are
 * idle; on a small machine shared with the database every core is busy under load, and a
 * stream per answer cost more of the event loop (its pipeline, its abort signal) than it took
 * off (the visitors bench). A category page is about 70 KB.
 */
export const SYNC_COMPRESSION_LIMIT = 256 * 1024;

/** The client's preferred encoding we offer, read as the compression plugin reads it ("*" and x-gzip mean gzip). */
export function acceptedEncoding(acceptEncoding: string | undefined): AnswerEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const header = acceptEncoding.toLowerCase().replace(/\*|x-gzip/g, 'gzip');
  return (negotiate(header, [...ANSWER_ENCODINGS]) as AnswerEncoding | null) ?? undefined;
}

export function compressAnswer(body: string | Buffer, encoding: AnswerEncoding): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, BROTLI_OPTIONS) : gzipSync(body, GZIP_OPTIONS);
}

/** A response body cached to be sent again, with its compressed forms as clients have asked for them. */
export interface CachedBody {
  text: string;
  encoded: Partial<Record<AnswerEncoding, Buffer>>;
}

export const cachedBody = (text: string): CachedBody => ({ text, encoded: {} });

/**
 * A cached body as this client should get it: compressed in the encoding it prefers, once
 * per body and encoding rather than once per request (on a busy machine, compressing a 70 KB
 * page again for every visitor cost more than the rest of sending it). The caller sets
 * `content-encoding` when there is one, and `vary: accept-encoding`.
 */
export function encodedBody(
  cached: CachedBody,
  acceptEncoding: string | undefined,
): { body: string | Buffer; encoding?: AnswerEncoding } {
  const encoding = cached.text.length < COMPRESSION_THRESHOLD ? undefined : acceptedEncoding(acceptEncoding);
  if (!encoding) return { body: cached.text };
  cached.encoded[encoding] ??= compressAnswer(cached.text, encoding);
  return { body: cached.encoded[encoding], encoding };
}

/** A `Vary` value with `field` added to what it already names, once (`*` already covers it). */
export function addVary(existing: string | number | readonly string[] | undefined, field: string): string {
  const names = (Array.isArray(existing) ? existing.join(',') : String(existing ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.some((name) => name === '*' || name.toLowerCase() === field.toLowerCase())) return names.join(', ');
  return [...names, field].join(', ');
}
