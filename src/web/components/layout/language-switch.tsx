import type { MouseEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { LOCALE_NAMES, LOCALE_PARAM, LOCALES, type Locale } from '#shared/i18n/core';
import { loadMessages } from '#web/i18n/load-messages';
import { useLocale } from '#web/i18n/locale-provider';

/** Starts fetching a language's texts; a failure is left to the switch itself. */
const prefetch = (locale: Locale) => void loadMessages(locale).catch(() => {});

/**
 * English / Soomaali (EN / SO on phones). Each language is named in itself so a visitor who
 * reads only one of them finds it; the current language is marked as such. Each is a link to
 * the same page at `?lang=xx`, which the server answers in that language without script; the
 * page's code switches in place instead.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { locale, setLocale, t } = useLocale();
  const { pathname, search, hash } = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();

  const hrefFor = (code: Locale) => {
    const params = new URLSearchParams(search);
    params.set(LOCALE_PARAM, code);
    return `${pathname}?${params}${hash}`;
  };

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

  const onClick = (event: MouseEvent<HTMLAnchorElement>, code: Locale) => {
    // A new tab or window gets the link as it is.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void choose(code);
  };

  return (
    <fieldset
      aria-label={t('common.language.label')}
      className={`inline-flex shrink-0 rounded-lg border border-gray-300 bg-white p-0.5 ${className}`}
    >
      {LOCALES.map((code) => {
        const active = code === locale;
        return (
          <a
            key={code}
            href={hrefFor(code)}
            hrefLang={code}
            lang={code}
            aria-current={active ? 'true' : undefined}
            onClick={(event) => onClick(event, code)}
            // The other language's texts are fetched as the pointer or focus comes near.
            onPointerEnter={() => prefetch(code)}
            onFocus={() => prefetch(code)}
            className={`inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-3 text-sm font-semibold transition-colors ${
              active ? 'bg-brand-700 text-white' : 'text-gray-800 hover:bg-gray-100'
            }`}
          >
            {/* Phones show the code, so the header keeps to one line; the name stays the link's name. */}
            <span aria-hidden="true" className="uppercase sm:hidden">
              {code}
            </span>
            <span className="sr-only sm:not-sr-only">{LOCALE_NAMES[code]}</span>
          </a>
        );
      })}
    </fieldset>
  );
}
