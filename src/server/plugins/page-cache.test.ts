import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cachedBody } from '#server/lib/compression';
import { cachedPageResponse, keepFor } from './page-cache';

const html = `<!doctype html><main>${'<p>A listing in Nairobi</p>'.repeat(200)}</main>`;
const headers = { 'content-type': 'text/html; charset=utf-8', vary: 'accept-language, cookie' };

describe('a cached page as sent', () => {
  it('is compressed once per encoding, then sent as it was made', () => {
    const page = { body: cachedBody(html), headers };
    const first = cachedPageResponse(page, 'br');
    const again = cachedPageResponse(page, 'gzip, br');
    expect(again.body).toBe(first.body);
    expect(brotliDecompressSync(first.body).toString()).toBe(html);
    expect(first.headers).toEqual({
      ...headers,
      vary: 'accept-language, cookie, accept-encoding',
      'content-encoding': 'br',
    });
  });

  it.each([
    ['gzip', 'gzip'],
    ['*', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
    ['deflate', undefined],
    // Malformed or hostile: read as the compression plugin reads it, never an error.
    ['br;q=abc', undefined],
    [',,,', undefined],
    ['*;q=0', undefined],
    ['\u0000', undefined],
    ['x'.repeat(300), undefined],
  ])('asked with accept-encoding %s, is sent as %s', (acceptEncoding, encoding) => {
    const answer = cachedPageResponse({ body: cachedBody(html), headers }, acceptEncoding);
    expect(answer.headers['content-encoding']).toBe(encoding);
    if (!encoding) expect(answer.body).toBe(html);
  });

  it('is sent as it is when it is too small to be worth compressing', () => {
    const answer = cachedPageResponse({ body: cachedBody('<p>hi</p>'), headers }, 'br');
    expect(answer.body).toBe('<p>hi</p>');
    expect(answer.headers['content-encoding']).toBeUndefined();
  });
});

describe('how long a page is cached', () => {
  it('varies between three quarters of PAGE_CACHE_SECONDS and all of it, so pages rendered together run out apart', () => {
    const lifetimes = Array.from({ length: 200 }, () => keepFor(4_000));
    expect(Math.min(...lifetimes)).toBeGreaterThanOrEqual(3_000);
    expect(Math.max(...lifetimes)).toBeLessThanOrEqual(4_000);
    // 200 draws from a 1,000 ms range: far more than a handful of distinct times.
    expect(new Set(lifetimes).size).toBeGreaterThan(50);
  });
});
