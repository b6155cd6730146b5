import { formatDate } from '#shared/format-date';
import type { Locale } from '#shared/i18n';

/** '2024-03-15' → '15 March 2024' / '15 Maarso 2024'; a date that cannot be read is shown as stored. */
export function formatPostDate(isoDate: string, locale: Locale): string {
  return formatDate(isoDate, locale) || isoDate;
}
