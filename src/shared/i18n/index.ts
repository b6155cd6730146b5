import { en } from './en';

export const LOCALES = ['en', 'so'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Same keys as English, any text. */
type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type Messages = Widen<typeof en>;

type Paths<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Paths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
/** Every message key, as a dotted path: 'common.states.tryAgain'. */
export type MessageKey = Paths<Messages>;
export type MessageParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: MessageParams) => string;

const catalogs: Record<Locale, Messages> = { en, so: en };

/** Registers a language's catalog (kept separate so a bundle can load only what it needs). */
export function registerCatalog(locale: Locale, messages: Messages): void {
  catalogs[locale] = messages;
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

function lookup(messages: Messages, key: string): string | undefined {
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

/** A translate function for one language; a key missing there falls back to English. */
export function createTranslator(locale: Locale): Translate {
  return (key, params) => interpolate(lookup(catalogs[locale], key) ?? lookup(en, key) ?? key, params);
}
