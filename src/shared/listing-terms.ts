import type { Locale, MessageKey, Translate } from '#shared/i18n/core';
import { subcategories as englishSubcategories } from '#shared/i18n/english-subcategories';

/**
 * Words a seller types that are really the site's own vocabulary: a processing time such as
 * "3-4 weeks", a business type that is a subcategory's name ("Restaurant"). Shown in the
 * page's language; anything else the seller wrote stays as written.
 */

const SOMALI_UNITS: Record<string, { one: string; many: string }> = {
  hour: { one: 'saac', many: 'saac' },
  day: { one: 'maalin', many: 'maalmood' },
  week: { one: 'toddobaad', many: 'toddobaad' },
  month: { one: 'bil', many: 'bilood' },
};

// "24 hours", "1-3 days", "2 to 4 weeks", "1 month", each number or range with its unit.
const DURATION = /(\d+)(?:\s*(?:-|–|to)\s*(\d+))?\s*(hour|day|week|month)s?\b/gi;

/** A processing time in the page's language ("3-4 weeks" → "3-4 toddobaad"); other words as written. */
export function processingTimeText(text: string, locale: Locale): string {
  if (locale !== 'so') return text;
  return text.replace(DURATION, (match, from: string, to: string | undefined, unit: string) => {
    const words = SOMALI_UNITS[unit.toLowerCase()];
    if (!words) return match;
    const single = to === undefined && Number(from) === 1;
    return `${to === undefined ? from : `${from}-${to}`} ${single ? words.one : words.many}`;
  });
}

const SUBCATEGORY_BY_NAME = new Map(
  Object.entries(englishSubcategories).map(([key, name]) => [name.toLowerCase(), key]),
);

/** A business type that is one of the subcategories' English names, in the page's language. */
export function businessTypeText(text: string, t: Translate): string {
  const key = SUBCATEGORY_BY_NAME.get(text.trim().toLowerCase());
  return key ? t(`listings.subcategories.${key}` as MessageKey) : text;
}
