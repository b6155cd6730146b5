import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cachedBody, cachedBodySize } from '#server/lib/compression';
import { cachedPageResponse, createPageStore, keepFor, keepPage, keptPageResponse } from './page-cache';

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

describe('the store of cached pages', () => {
  /** A listing page's worth of HTML (about 60 KB), each page its own: cards of words drawn at random. */
  const words =
    'house phone nairobi mogadishu garissa toyota land sale rent bedroom shop visa study work plot new used'.split(' ');
  const pageHtml = (n: number) => {
    let random = n + 1;
    const word = () => {
      random = (random * 16807) % 2147483647;
      return words[random % words.length];
    };
    const cards = Array.from(
      { length: 640 },
      (_, i) =>
        `<li class="card"><a href="/marketplace/${n}-${i}">${word()} ${word()} ${word()}</a><span>KES ${random % 100000}</span></li>`,
    );
    return `<!doctype html><title>Page ${n}</title><main><ul>${cards.join('')}</ul></main>`;
  };

  it('holds more pages than their HTML would fill, as each is kept compressed, and sends each whole in every encoding', () => {
    const pages = createPageStore(60_000);
    // 600 pages of about 60 KB: 36 MB of HTML, past the store's byte bound were it counted by the HTML.
    const count = 600;
    for (let n = 0; n < count; n++) {
      const page = { body: cachedBody(pageHtml(n)), headers };
      cachedPageResponse(page, 'br'); // as the first visitor is sent it
      keepPage(pages, `/page/${n}`, page, 60_000);
    }
    expect(pageHtml(0).length).toBeGreaterThan(55_000);
    expect(pages.size).toBe(count);
    for (const n of [0, 299, count - 1]) {
      const page = pages.get(`/page/${n}`);
      if (!page) throw new Error(`page ${n} was not kept`);
      expect(page.body.text).toBeUndefined();
      expect(brotliDecompressSync(cachedPageResponse(page, 'br').body).toString()).toBe(pageHtml(n));
      expect(gunzipSync(cachedPageResponse(page, 'gzip').body).toString()).toBe(pageHtml(n));
      expect(cachedPageResponse(page, 'identity').body).toBe(pageHtml(n));
    }
  });

  it('counts a form made later for another client against its bound, and never brings back a page dropped meanwhile', () => {
    const pages = createPageStore(60_000);
    const page = { body: cachedBody(pageHtml(1)), headers };
    cachedPageResponse(page, 'br');
    keepPage(pages, '/page/1', page, 60_000);
    const kept = pages.calculatedSize;
    expect(kept).toBe(cachedBodySize(page.body));
    const keptFor = pages.getRemainingTTL('/page/1');

    const gzip = keptPageResponse(pages, '/page/1', page, 'gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(pageHtml(1));
    expect(pages.calculatedSize).toBe(cachedBodySize(page.body));
    expect(pages.calculatedSize).toBeGreaterThan(kept);
    // Its time runs on: counting a new form does not renew the page.
    expect(pages.getRemainingTTL('/page/1')).toBeLessThanOrEqual(keptFor);
    expect(pages.getRemainingTTL('/page/1')).toBeLessThan(60_000);

    // Cleared by a staff change while its request waited: answered, not kept again.
    const other = { body: cachedBody(pageHtml(2)), headers };
    cachedPageResponse(other, 'br');
    keepPage(pages, '/page/2', other, 60_000);
    pages.clear();
    expect(gunzipSync(keptPageResponse(pages, '/page/2', other, 'gzip').body).toString()).toBe(pageHtml(2));
    expect(pages.has('/page/2')).toBe(false);
  });
});
