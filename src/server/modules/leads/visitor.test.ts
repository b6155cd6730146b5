import { describe, expect, it } from 'vitest';
import { isCountedVisitor, utcDay, visitorHash } from './visitor';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('visitor hash', () => {
  it('is the same for the same salt and address, and a 64-bit integer', () => {
    const a = visitorHash('salt', '10.0.0.1');
    expect(a).toBe(visitorHash('salt', '10.0.0.1'));
    expect(BigInt(a) >= -(2n ** 63n) && BigInt(a) < 2n ** 63n).toBe(true);
  });
  it.each([
    ['another day (salt)', ['other salt', '10.0.0.1']],
    ['another address', ['salt', '10.0.0.2']],
  ] as const)('differs for %s', (_case, [salt, address]) => {
    expect(visitorHash(salt, address)).not.toBe(visitorHash('salt', '10.0.0.1'));
  });
  it('keeps parts apart: moving text from the salt to the address changes the hash', () => {
    expect(visitorHash('s1', '0.0.0.1')).not.toBe(visitorHash('s', '10.0.0.1'));
  });
});

describe('who is counted', () => {
  it.each([
    [CHROME, true],
    [SAFARI_IPHONE, true],
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', false],
    ['facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', false],
    ['WhatsApp/2.23.20.0', false],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36',
      false,
    ],
    ['curl/8.5.0', false],
    ['python-requests/2.31', false],
    ['', false],
    [undefined, false],
  ])('%s → %s', (agent, counted) => {
    expect(isCountedVisitor({ 'user-agent': agent })).toBe(counted);
  });
  it('gives the same verdict when a browser comes back (verdicts are remembered), also for long names', () => {
    const longBot = `Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html) ${'x'.repeat(600)}`;
    const longBrowser = `${CHROME} ${'Extension/1.0 '.repeat(50)}`;
    for (let i = 0; i < 3; i++) {
      expect(isCountedVisitor({ 'user-agent': CHROME })).toBe(true);
      expect(isCountedVisitor({ 'user-agent': 'curl/8.5.0' })).toBe(false);
      expect(isCountedVisitor({ 'user-agent': longBot })).toBe(false);
      expect(isCountedVisitor({ 'user-agent': longBrowser })).toBe(true);
    }
  });
  it('leaves out a speculative prefetch of a page', () => {
    expect(isCountedVisitor({ 'user-agent': CHROME, 'sec-purpose': 'prefetch;prerender' })).toBe(false);
  });
});

it('days are UTC dates', () => {
  expect(utcDay(new Date('2026-11-23T23:59:59Z'))).toBe('2026-11-23');
  expect(utcDay(new Date('2026-11-24T00:00:00Z'))).toBe('2026-11-24');
});
