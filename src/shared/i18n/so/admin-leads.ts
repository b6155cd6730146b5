// The staff area stays English: Somali re-exports the English texts, so the catalogs keep the same keys.
export { adminLeads } from '../en/admin-leads';
