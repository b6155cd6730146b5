import { type Locale, registerMessages } from '#shared/i18n/core';

// Each language's public texts are a chunk of their own, loaded for a page in that language
// (decisions 0063, 0099): a page in Somali carries no English texts, nor one in English the
// Somali ones. Every catalog has the same keys (tsc checks it), so one language is enough.
// Staff texts come with the staff code (features/admin/staff-messages.ts).
/** The chunk of each language (the server preloads the page's: web-app.ts). */
const LOADERS: Record<Locale, () => Promise<void>> = {
  en: () => import('./english-messages').then(({ messages }) => registerMessages('en', messages)),
  so: () => import('./somali-messages').then(({ messages }) => registerMessages('so', messages)),
};

const loaded = new Set<Locale>();
const loading = new Map<Locale, Promise<void>>();

/** Whether a language's public texts are registered: a switch to it can be immediate. */
export function messagesLoaded(locale: Locale): boolean {
  return loaded.has(locale);
}

/** Registers a language's public texts, fetching them once; a failed fetch is tried again next time. */
export function loadMessages(locale: Locale): Promise<void> {
  if (loaded.has(locale)) return Promise.resolve();
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
