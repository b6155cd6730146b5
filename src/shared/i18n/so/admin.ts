// The admin dashboard stays English for now (issue #6): Somali re-exports the English texts,
// so staff see one language and the catalogs keep the same keys.
export { admin } from '../en/admin';
