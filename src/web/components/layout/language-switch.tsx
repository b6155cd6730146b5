import { useSearchParams } from 'react-router';
import { LOCALE_NAMES, LOCALE_PARAM, LOCALES, type Locale } from '../../../shared/i18n/core';
import { loadMessages } from '../../i18n/load-messages';
import { useLocale } from '../../i18n/locale-provider';

/** Starts fetching a language's texts; a failure is left to the switch itself. */
const prefetch = (locale: Locale) => void loadMessages(locale).catch(() => {});

/**
 * English / Soomaali (EN / SO on phones). Each language is named in itself so a visitor who
 * reads only one of them finds it; the pressed button is the current language.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { locale, setLocale, t } = useLocale();
  const [searchParams, setSearchParams] = useSearchParams();

  const choose = async (next: Locale) => {
    if (next === locale) return;
    const switched = await setLocale(next);
    // A `?lang=` in the address would win over the new choice on reload: keep it in step.
    if (switched && searchParams.has(LOCALE_PARAM)) {
      setSearchParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set(LOCALE_PARAM, next);
          return updated;
        },
        { replace: true, preventScrollReset: true },
      );
    }
  };

  return (
    <fieldset
      aria-label={t('common.language.label')}
      className={`inline-flex shrink-0 rounded-lg border border-gray-300 bg-white p-0.5 ${className}`}
    >
      {LOCALES.map((code) => {
        const active = code === locale;
        return (
          <button
            key={code}
            type="button"
            lang={code}
            aria-pressed={active}
            onClick={() => void choose(code)}
            // The other language's texts are fetched as the pointer or focus comes near.
            onPointerEnter={() => prefetch(code)}
            onFocus={() => prefetch(code)}
            className={`min-h-11 min-w-11 rounded-md px-3 text-sm font-semibold transition-colors ${
              active ? 'bg-brand-700 text-white' : 'text-gray-800 hover:bg-gray-100'
            }`}
          >
            {/* Phones show the code, so the header keeps to one line; the name stays the button's name. */}
            <span aria-hidden="true" className="uppercase sm:hidden">
              {code}
            </span>
            <span className="sr-only sm:not-sr-only">{LOCALE_NAMES[code]}</span>
          </button>
        );
      })}
    </fieldset>
  );
}
