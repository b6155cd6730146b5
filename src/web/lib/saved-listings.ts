import { useSyncExternalStore } from 'react';

/**
 * Saved and recently viewed listings, kept on the visitor's device only (decision 0049):
 * ids in localStorage. The server renders every page as for a visitor with none; the
 * browser reads them once the page has hydrated (useSyncExternalStore's server snapshot).
 */
const SAVED_KEY = 'sdh:saved-listings';
const VIEWED_KEY = 'sdh:recently-viewed';
/** As many as one Saved page asks the server for at once. */
export const MAX_SAVED = 50;
export const MAX_RECENTLY_VIEWED = 10;
const NONE: readonly string[] = Object.freeze([]);

const listeners = new Set<() => void>();
const cache = new Map<string, { raw: string | null; ids: readonly string[] }>();

/** The ids under a key; anything unreadable (private mode, a hand-edited value) is none. */
function read(key: string): readonly string[] {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(key);
  } catch {
    return NONE;
  }
  const kept = cache.get(key);
  if (kept && kept.raw === raw) return kept.ids;
  let ids: readonly string[] = NONE;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) ids = parsed.filter((id): id is string => typeof id === 'string').slice(0, MAX_SAVED);
  } catch {
    ids = NONE;
  }
  cache.set(key, { raw, ids });
  return ids;
}

function write(key: string, ids: readonly string[]): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(ids));
  } catch {
    // Storage full or refused: the choice lasts until the page is left.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab saved or removed one.
  const onStorage = (event: StorageEvent) => {
    if (event.key === SAVED_KEY || event.key === VIEWED_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const useIds = (key: string) =>
  useSyncExternalStore(
    subscribe,
    () => read(key),
    () => NONE,
  );

/** The saved listings' ids, newest first (none while the server renders). */
export const useSavedIds = () => useIds(SAVED_KEY);
/** The last listings viewed, newest first. */
export const useRecentlyViewedIds = () => useIds(VIEWED_KEY);

export function toggleSaved(id: string): void {
  const ids = read(SAVED_KEY);
  write(SAVED_KEY, ids.includes(id) ? ids.filter((x) => x !== id) : [id, ...ids].slice(0, MAX_SAVED));
}

export function removeSaved(id: string): void {
  write(
    SAVED_KEY,
    read(SAVED_KEY).filter((x) => x !== id),
  );
}

export function rememberViewed(id: string): void {
  const ids = read(VIEWED_KEY);
  if (ids[0] === id) return;
  write(VIEWED_KEY, [id, ...ids.filter((x) => x !== id)].slice(0, MAX_RECENTLY_VIEWED));
}
