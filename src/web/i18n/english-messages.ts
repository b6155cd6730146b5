// The English public texts in a chunk of their own, loaded only for a page in English, or as
// the fallback when another language's texts cannot be had (load-messages.ts).
export { enPublic as messages } from '#shared/i18n/en/public';
