import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { createTranslator, LOCALE_PARAM, type Locale, type Translate } from '#shared/i18n/core';
import { loadMessages, messagesLoaded } from './load-messages';
import { initialLocale, localeFromUrl, rememberLocale } from './locale-storage';

interface LocaleContextValue {
  locale: Locale;
  /**
   * Switches the language and remembers the choice, once its texts are loaded (no raw keys
   * meanwhile). True when it switched; false when a later choice came first.
   */
  setLocale: (locale: Locale) => Promise<boolean>;
  t: Translate;
}

const LocaleContext = createContext<LocaleContextValue | null>(null);

export function LocaleProvider({ children, initialLocale: given }: { children: ReactNode; initialLocale?: Locale }) {
  const [locale, setLocaleState] = useState<Locale>(() => given ?? initialLocale());
  const chosen = useRef(locale);

  useEffect(() => {
    // A shared `?lang=so` link is a choice too: remember it, so the next pages and the API
    // (which reads the cookie) answer in that language.
    const fromUrl = localeFromUrl();
    if (fromUrl) rememberLocale(fromUrl);
  }, []);

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  const setLocale = useCallback(async (next: Locale) => {
    chosen.current = next;
    if (!messagesLoaded(next)) {
      try {
        await loadMessages(next);
      } catch {
        // The texts could not be fetched (a new version replaced them, a lost connection):
        // the server renders the page in that language instead.
        if (chosen.current !== next) return false;
        rememberLocale(next);
        const url = new URL(window.location.href);
        if (url.searchParams.has(LOCALE_PARAM)) url.searchParams.set(LOCALE_PARAM, next);
        window.location.assign(url);
        return false;
      }
    }
    if (chosen.current !== next) return false;
    rememberLocale(next);
    setLocaleState(next);
    return true;
  }, []);

  const value = useMemo(() => ({ locale, setLocale, t: createTranslator(locale) }), [locale, setLocale]);
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}

/** The current language and its translate function. */
export function useLocale(): LocaleContextValue {
  const value = useContext(LocaleContext);
  if (!value) throw new Error('useLocale must be used inside LocaleProvider');
  return value;
}

/** Shorthand for the translate function. */
export function useT(): Translate {
  return useLocale().t;
}
