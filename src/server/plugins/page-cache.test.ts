import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { keptBody } from '../lib/compression';
import { keptPageAnswer } from './page-cache';

const html = `<!doctype html><main>${'<p>A listing in Nairobi</p>'.repeat(200)}</main>`;
const headers = { 'content-type': 'text/html; charset=utf-8', vary: 'accept-language, cookie' };

describe('a kept page as sent', () => {
  it('is compressed once per encoding, then sent as it was made', () => {
    const page = { body: keptBody(html), headers };
    const first = keptPageAnswer(page, 'br');
    const again = keptPageAnswer(page, 'gzip, br');
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
    const answer = keptPageAnswer({ body: keptBody(html), headers }, acceptEncoding);
    expect(answer.headers['content-encoding']).toBe(encoding);
    if (!encoding) expect(answer.body).toBe(html);
  });

  it('is sent as it is when it is too small to be worth compressing', () => {
    const answer = keptPageAnswer({ body: keptBody('<p>hi</p>'), headers }, 'br');
    expect(answer.body).toBe('<p>hi</p>');
    expect(answer.headers['content-encoding']).toBeUndefined();
  });
});
