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

/** Cheap settings, paid by every answer that is not kept: brotli 4 costs about what gzip 6 does and is smaller. */
export const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
export const GZIP_OPTIONS = { level: 6 };

/**
 * Answers up to this size are compressed in one call on the event loop, larger ones through
 * a stream. The stream hands the work to libuv's threads, which only pays where cores are
 * idle; on a small machine shared with the database every core is busy under load, and a
 * stream per answer cost more of the event loop (its pipeline, its abort signal) than it took
 * off (issue 15's visitors bench). A category page is about 70 KB.
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
