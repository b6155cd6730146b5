import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage, pickLocale } from '#shared/i18n';

describe('localeFromAcceptLanguage', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['so', 'so'],
    ['so-SO,so;q=0.9,en;q=0.8', 'so'],
    ['en-US,en;q=0.9,so;q=0.8', 'en'],
    ['fr-FR,so;q=0.5,en;q=0.4', 'so'],
    ['en;q=0.3, so;q=0.9', 'so'],
    ['so;q=0, en', 'en'],
    ['fr, de', undefined],
  ])('%j → %j', (header, expected) => {
    expect(localeFromAcceptLanguage(header)).toBe(expected);
  });
});

describe('pickLocale: the URL, then the cookie, then the browser, then English', () => {
  it.each([
    [{ param: 'so', cookie: 'en', acceptLanguage: 'en' }, 'so'],
    [{ param: 'en', cookie: 'so', acceptLanguage: 'so' }, 'en'],
    [{ param: 'xx', cookie: 'so', acceptLanguage: 'en' }, 'so'],
    [{ cookie: 'en', acceptLanguage: 'so' }, 'en'],
    [{ cookie: 'de', acceptLanguage: 'so-KE' }, 'so'],
    [{ param: ['so'], acceptLanguage: 'fr' }, 'en'],
    [{}, 'en'],
  ])('%j → %s', (sources, expected) => {
    expect(pickLocale(sources)).toBe(expected);
  });
});
