import type { Locale } from './i18n';
import { once } from './once';

/** Dates are shown as the company's Nairobi calendar has them, for every visitor alike. */
const TIME_ZONE = 'Africa/Nairobi';

// Browsers ship no Somali date data (Chromium answers 'so' with English), so the month
// names are ours, after CLDR.
const SOMALI_MONTHS = {
  long: [
    'Janaayo',
    'Febraayo',
    'Maarso',
    'Abriil',
    'Maayo',
    'Juun',
    'Luulyo',
    'Ogosto',
    'Sebteembar',
    'Oktoobar',
    'Noofeembar',
    'Diseembar',
  ],
  short: ['Jan', 'Feb', 'Mar', 'Abr', 'May', 'Jun', 'Lul', 'Ogs', 'Seb', 'Okt', 'Nof', 'Dis'],
} as const;

export type DateStyle = keyof typeof SOMALI_MONTHS;

// en-GB: day before month as Kenya writes it, and present in every browser (en-KE may not be).
const englishFormats: Record<DateStyle, () => Intl.DateTimeFormat> = {
  long: once(
    () => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: TIME_ZONE }),
  ),
  short: once(
    () => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: TIME_ZONE }),
  ),
};
const numericParts = once(
  () => new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'numeric', year: 'numeric', timeZone: TIME_ZONE }),
);

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A calendar date in the visitor's language: '21 November 2026' / '21 Noofeembar 2026'
 * ('21 Nov 2026' / '21 Nof 2026' short). An invalid date gives ''.
 */
export function formatDate(value: Date | string | number, locale: Locale, style: DateStyle = 'long'): string {
  const date = toDate(value);
  if (!date) return '';
  if (locale === 'en') return englishFormats[style]().format(date);
  const parts = Object.fromEntries(
    numericParts()
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  const month = SOMALI_MONTHS[style][Number(parts.month) - 1];
  return `${parts.day} ${month} ${parts.year}`;
}
