import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { createTranslator, type Locale, type Translate } from '../../shared/i18n';
import { initialLocale, localeFromUrl, rememberLocale } from './locale-storage';

interface LocaleContextValue {
  locale: Locale;
  /** Switches the language and remembers the choice. */
  setLocale: (locale: Locale) => void;
  t: Translate;
}

const LocaleContext = createContext<LocaleContextValue | null>(null);

export function LocaleProvider({ children, initialLocale: given }: { children: ReactNode; initialLocale?: Locale }) {
  const [locale, setLocaleState] = useState<Locale>(() => given ?? initialLocale());

  useEffect(() => {
    // A shared `?lang=so` link is a choice too: remember it, so the next pages and the API
    // (which reads the cookie) answer in that language.
    const fromUrl = localeFromUrl();
    if (fromUrl) rememberLocale(fromUrl);
  }, []);

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  const setLocale = useCallback((next: Locale) => {
    rememberLocale(next);
    setLocaleState(next);
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
