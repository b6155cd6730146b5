import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE,
  LOCALE_PARAM,
  type Locale,
  pickLocale,
} from '#shared/i18n/core';

export function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const trimmed = part.trim();
    if (trimmed.startsWith(prefix)) return decodeURIComponent(trimmed.slice(prefix.length));
  }
  return undefined;
}

/** Remembers the visitor's language for a year; the server reads the same cookie. */
export function rememberLocale(locale: Locale): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: a one-value preference cookie; the Cookie Store API is missing on Safari and Firefox
  document.cookie = `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE}; Path=/; SameSite=Lax${secure}`;
}

/** The language in the address bar (`?lang=so`), if any. */
export function localeFromUrl(): Locale | undefined {
  const value = new URLSearchParams(window.location.search).get(LOCALE_PARAM);
  return isLocale(value) ? value : undefined;
}

/**
 * The language to start in. The server already chose (same order) and wrote it into
 * <html lang>. The service worker's offline shell (`<html data-shell>`) comes from no server:
 * there the browser's own languages stand in for Accept-Language.
 */
export function initialLocale(): Locale {
  if (typeof document === 'undefined') return DEFAULT_LOCALE;
  const html = document.documentElement;
  const fromServer = html.hasAttribute('data-shell') ? undefined : html.lang;
  return pickLocale({
    param: localeFromUrl(),
    cookie: readCookie(LOCALE_COOKIE),
    acceptLanguage: isLocale(fromServer) ? fromServer : navigator.languages.join(','),
  });
}
