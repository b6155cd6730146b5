/**
 * Catalog values that read the same in English and Somali: brand names, places, currency,
 * numbers. The catalog test and the end-to-end Somali page check allow exactly these; any
 * other English value left on a Somali page is a missing translation.
 */
export const SAME_IN_BOTH_LANGUAGES: readonly string[] = [
  'Somali Diaspora Hub',
  'SD Hub',
  'WhatsApp',
  'Baati',
  'Nairobi, Kenya',
  'you@example.com',
  // A total counted only up to a limit: '1,000+'.
  '{n}+',
  // A range between two figures: '500-1,000 sq ft'.
  '{min}-{max}',
  // An active filter's chip: 'Category: Electronics', 'Search: “galaxy”'.
  '{filter}: {value}',
  '{filter}: “{value}”',
  // An approximate amount in the visitor's currency: '≈ £14,600'.
  '≈ {amount}',
];

/** Namespaces that stay English in every language for now (the admin dashboard). */
export const ENGLISH_ONLY_NAMESPACES: readonly string[] = [
  'admin',
  'adminBlog',
  'adminSite',
  'adminReports',
  'adminLeads',
  'adminOutbox',
  'adminNewsletter',
  'adminSubmissions',
];

/** True for a text of figures and currency only ('KSH 50K-200K', '10,000-25,000', '4+'), or one of the list above. */
export function readsTheSameInBothLanguages(text: string): boolean {
  if (SAME_IN_BOTH_LANGUAGES.includes(text)) return true;
  const withoutFigures = text.replace(/\b(KSH|KES|Ksh)\b/g, '').replace(/\d[KM]\b/g, '0');
  return !/\p{L}/u.test(withoutFigures);
}
