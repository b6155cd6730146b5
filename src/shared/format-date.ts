import type { Locale } from './i18n';
import { nairobiCalendarDay } from './nairobi-time';

// Month names are ours in both languages: browsers ship no Somali date data (Chromium
// answers 'so' with English), and an Intl.DateTimeFormat's first use costs a phone as much as
// the first number format (docs/decisions/0062-numbers-and-dates-without-intl.md). English is
// en-GB's, day before month as Kenya writes it; Somali after CLDR.
const MONTHS = {
  en: {
    long: [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ],
    short: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
  },
  so: {
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
  },
} as const satisfies Record<Locale, Record<string, readonly string[]>>;

export type DateStyle = keyof (typeof MONTHS)['en'];

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
  // Public dates are on the Nairobi calendar for every visitor alike.
  const { year, month, day } = nairobiCalendarDay(date);
  return `${day} ${MONTHS[locale][style][month - 1]} ${year}`;
}
