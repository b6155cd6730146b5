import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Queryable } from '#server/db/database';
import { blockedWordsMatcher } from '#shared/blocked-words';
import type { AdminSiteSettings, SiteSettings } from '#shared/site-settings';
import { siteSettingsSchema } from '#shared/site-settings-schema';
import { DEFAULT_SITE_SETTINGS } from './defaults';
import { siteSettingsRepository } from './repository';

/**
 * How long an instance reuses the settings it read. Short enough that a change made on
 * another instance shows within a second, with no messages between instances; long enough
 * that a burst of pages shares one read.
 */
export const SITE_SETTINGS_CACHE_MS = 1000;

export interface StoredSiteSettings<T extends SiteSettings = SiteSettings> {
  settings: T;
  /** When an admin last saved them; null while the defaults apply. */
  updatedAt: string | null;
}

export interface SettingsChange {
  before: StoredSiteSettings<AdminSiteSettings>;
  after: StoredSiteSettings<AdminSiteSettings>;
}

export interface SiteSettingsService {
  /** The settings visitors may read: never the private ones (the blocked words). */
  get(): Promise<StoredSiteSettings>;
  /** Every setting, for admins and the server's own checks. */
  getAll(): Promise<StoredSiteSettings<AdminSiteSettings>>;
  /** Whether a text holds one of the blocked words (docs/product.md#post-a-listing). */
  holdsBlockedWord(): Promise<(text: string) => boolean>;
  /**
   * Stores checked settings; returns what was there before and what is there now.
   * `alongside` runs in the same transaction (the audit entry): if it throws, nothing is saved.
   */
  save(
    settings: AdminSiteSettings,
    alongside?: (change: SettingsChange, tx: Queryable) => Promise<void>,
  ): Promise<SettingsChange>;
  /** Forgets the settings kept: another instance saved new ones. */
  forget(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    siteSettings: SiteSettingsService;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A stored document over the defaults, key by key, so a setting added in a later version
 * starts from its default. A document the schema refuses (only a hand edit could make one)
 * gives way to the defaults as a whole.
 */
export function settingsFromStored(stored: unknown, log?: (message: string) => void): AdminSiteSettings {
  const merged: Record<string, unknown> = { ...DEFAULT_SITE_SETTINGS };
  if (isRecord(stored)) {
    for (const [key, value] of Object.entries(stored)) {
      if (!Object.hasOwn(DEFAULT_SITE_SETTINGS, key)) continue;
      const fallback = (DEFAULT_SITE_SETTINGS as unknown as Record<string, unknown>)[key];
      merged[key] = isRecord(fallback) && isRecord(value) ? { ...fallback, ...value } : value;
    }
  }
  const parsed = siteSettingsSchema.safeParse(merged);
  if (parsed.success) return parsed.data;
  log?.(`stored site settings are not valid (${parsed.error.issues[0]?.path.join('.')}); using the defaults`);
  return DEFAULT_SITE_SETTINGS;
}

export function createSiteSettingsService(
  db: Database,
  { cacheMs = SITE_SETTINGS_CACHE_MS, log }: { cacheMs?: number; log?: (message: string) => void } = {},
): SiteSettingsService {
  let kept: { value: StoredSiteSettings<AdminSiteSettings>; until: number } | null = null;
  let reading: Promise<StoredSiteSettings<AdminSiteSettings>> | null = null;
  // Built again only when the list changes, not per post.
  let matcher: { words: readonly string[]; holds: (text: string) => boolean } | null = null;

  const read = async (from: Queryable = db, forUpdate = false): Promise<StoredSiteSettings<AdminSiteSettings>> => {
    const row = await siteSettingsRepository(from).read(forUpdate);
    return row
      ? { settings: settingsFromStored(row.settings, log), updatedAt: row.updatedAt }
      : { settings: DEFAULT_SITE_SETTINGS, updatedAt: null };
  };

  const getAll = async (): Promise<StoredSiteSettings<AdminSiteSettings>> => {
    if (kept && performance.now() < kept.until) return kept.value;
    // Requests arriving together share one read; a failed read is not kept.
    reading ??= read(db)
      .then((value) => {
        kept = { value, until: performance.now() + cacheMs };
        return value;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  };

  return {
    async get() {
      const { settings, updatedAt } = await getAll();
      const { blockedWords: _private, ...open } = settings;
      return { settings: open, updatedAt };
    },
    getAll,
    async holdsBlockedWord() {
      const words = (await getAll()).settings.blockedWords;
      if (matcher?.words !== words) matcher = { words, holds: blockedWordsMatcher(words) };
      return matcher.holds;
    },
    async save(settings, alongside) {
      const change = await db.transaction(async (tx) => {
        // Locked, so two admins saving at once each see the other's save as their "before".
        const before = await read(tx, true);
        const updatedAt = await siteSettingsRepository(tx).write(settings);
        const saved = { before, after: { settings, updatedAt } };
        await alongside?.(saved, tx);
        return saved;
      });
      // This instance shows the change at once; the others within cacheMs.
      kept = { value: change.after, until: performance.now() + cacheMs };
      return change;
    },
    forget() {
      kept = null;
    },
  };
}

export const siteSettingsPlugin = fp(
  async (app: FastifyInstance) => {
    const service = createSiteSettingsService(app.db, { log: (message) => app.log.error(message) });
    // A page rendered after another instance's change must not show the settings kept before it.
    app.publicContent.onChange(() => service.forget());
    app.decorate('siteSettings', service);
  },
  { name: 'site-settings', dependencies: ['app-context', 'public-content'] },
);
