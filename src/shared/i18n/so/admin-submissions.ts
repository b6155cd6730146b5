// The staff area stays English: Somali re-exports the English texts, so the catalogs keep the same keys.
export { adminSubmissions } from '#shared/i18n/en/admin-submissions';
