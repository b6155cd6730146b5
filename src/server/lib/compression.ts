import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
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

/**
 * A response body cached to be sent again, with its compressed forms as clients have asked for
 * them. `text` may be dropped once a compressed form exists (compactBody): it is made again
 * from that form for the rare client that asks for another.
 */
export interface CachedBody {
  text?: string;
  encoded: Partial<Record<AnswerEncoding, Buffer>>;
}

export const cachedBody = (text: string): CachedBody => ({ text, encoded: {} });

function plainText(cached: CachedBody): string {
  if (cached.text !== undefined) return cached.text;
  if (cached.encoded.br) return brotliDecompressSync(cached.encoded.br).toString();
  if (cached.encoded.gzip) return gunzipSync(cached.encoded.gzip).toString();
  throw new Error('a cached body with neither its text nor a compressed form');
}

/**
 * Drops the text of a body already compressed: a page's HTML is five to eight times its
 * brotli form, so a cache bounded by what it holds keeps that many more pages.
 */
export function compactBody(cached: CachedBody): CachedBody {
  if (cached.encoded.br || cached.encoded.gzip) delete cached.text;
  return cached;
}

/** Bytes a cached body holds (each string character counted as one). */
export function cachedBodySize(cached: CachedBody): number {
  return (cached.text?.length ?? 0) + (cached.encoded.br?.length ?? 0) + (cached.encoded.gzip?.length ?? 0);
}

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
  // A body without its text was compressed, so it is over the threshold.
  const small = cached.text !== undefined && cached.text.length < COMPRESSION_THRESHOLD;
  const encoding = small ? undefined : acceptedEncoding(acceptEncoding);
  if (!encoding) return { body: plainText(cached) };
  cached.encoded[encoding] ??= compressAnswer(plainText(cached), encoding);
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
