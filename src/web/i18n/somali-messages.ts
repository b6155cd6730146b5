// The Somali public texts in a chunk of their own, loaded only for a page in Somali (load-messages.ts).
export { soPublic as messages } from '#shared/i18n/so/public';
