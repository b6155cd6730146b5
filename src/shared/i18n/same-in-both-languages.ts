/**
 * Catalog values that read the same in English and Somali: brand names, currency, numbers,
 * product names. The catalog tests and the end-to-end Somali page check allow exactly these;
 * any other English value left in a Somali page is a missing translation.
 */
export const SAME_IN_BOTH_LANGUAGES: readonly string[] = ['Somali Diaspora Hub', 'SD Hub', 'WhatsApp'];

/** Namespaces that stay English in every language for now (the admin dashboard, issue #6). */
export const ENGLISH_ONLY_NAMESPACES: readonly string[] = ['admin'];
