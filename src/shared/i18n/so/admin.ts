// The admin dashboard stays English for now: Somali re-exports the English texts,
// so staff see one language and the catalogs keep the same keys.
export { admin } from '#shared/i18n/en/admin';
