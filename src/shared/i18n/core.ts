// Languages, the message registry and the translator, without any catalog: the browser imports
// this and registers only the namespaces a page needs; the index registers them all (decision 0063).
import { rankedLanguageTags } from '#shared/accept-language';
import type { Messages } from './messages';

export const LOCALES = ['en', 'so'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/** Each language named in itself, as the language switch shows it (never translated). */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', so: 'Soomaali' };
/** The cookie that remembers a visitor's choice (read by the server's locale plugin too). */
export const LOCALE_COOKIE = 'lang';
/** The URL parameter that opens a page in a language: a shared `?lang=so` link opens in Somali. */
export const LOCALE_PARAM = 'lang';
/** One year, in seconds. */
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export type { Messages, PublicMessages, StaffMessages, StaffNamespace } from './messages';

type Paths<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Paths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
/** Every message key, as a dotted path: 'common.states.tryAgain'. */
export type MessageKey = Paths<Messages>;
export type MessageParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: MessageParams) => string;

/** The namespaces registered so far, per language. */
const registered: Record<Locale, Partial<Messages>> = { en: {}, so: {} };

/** Makes namespaces of one language's catalog available to every translator, present and future. */
export function registerMessages(locale: Locale, messages: Partial<Messages>): void {
  Object.assign(registered[locale], messages);
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The first supported language of an Accept-Language header ('so-SO,so;q=0.9,en;q=0.8' → 'so'), if any. */
export function localeFromAcceptLanguage(header: string | undefined): Locale | undefined {
  return rankedLanguageTags(header)
    .map((tag) => tag.slice(0, 2).toLowerCase())
    .find(isLocale);
}

/**
 * The visitor's language, in one order for the server and the browser: the URL's `?lang=`
 * (a shared link), then the remembered choice (cookie), then what the browser asks for.
 */
export function pickLocale(sources: { param?: unknown; cookie?: unknown; acceptLanguage?: string }): Locale {
  if (isLocale(sources.param)) return sources.param;
  if (isLocale(sources.cookie)) return sources.cookie;
  return localeFromAcceptLanguage(sources.acceptLanguage) ?? DEFAULT_LOCALE;
}

function lookup(messages: Partial<Messages>, key: string): string | undefined {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Fills {name} placeholders. */
export function interpolate(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

/**
 * A translate function for one language; a key missing there falls back to English, then to
 * the key. It reads the registry on each call, so namespaces registered later count.
 */
export function createTranslator(locale: Locale): Translate {
  const messages = registered[locale];
  const english = registered.en;
  return (key, params) => interpolate(lookup(messages, key) ?? lookup(english, key) ?? key, params);
}
