import { type Locale, registerMessages } from '#shared/i18n/core';
import { enPublic } from '#shared/i18n/en/public';

// English is the default language and every other one's fallback: in every page's code. Staff
// texts come with the staff code (features/admin/staff-messages.ts); each other language's
// public texts are a chunk of their own, loaded for a page in that language (decision 0063).
registerMessages('en', enPublic);

/** The chunk of each language other than English (the server preloads it: web-app.ts). */
const LOADERS: Record<Exclude<Locale, 'en'>, () => Promise<void>> = {
  so: () => import('./somali-messages').then(({ messages }) => registerMessages('so', messages)),
};

const loaded = new Set<Locale>(['en']);
const loading = new Map<Locale, Promise<void>>();

/** Whether a language's public texts are registered: a switch to it can be immediate. */
export function messagesLoaded(locale: Locale): boolean {
  return loaded.has(locale);
}

/** Registers a language's public texts, fetching them once; a failed fetch is tried again next time. */
export function loadMessages(locale: Locale): Promise<void> {
  if (locale === 'en' || loaded.has(locale)) return Promise.resolve();
  let pending = loading.get(locale);
  if (!pending) {
    pending = LOADERS[locale]().then(
      () => {
        loaded.add(locale);
      },
      (error: unknown) => {
        loading.delete(locale);
        throw error;
      },
    );
    loading.set(locale, pending);
  }
  return pending;
}
