import type { FastifyInstance } from 'fastify';
import type { Queryable } from '#server/db/database';
import type { Locale } from '#shared/i18n';
import { nairobiCalendarDay } from '#shared/nairobi-time';
import {
  INQUIRY_MONTHS_PLACEHOLDER,
  PERSONAL_DATA_KINDS,
  type PersonalData,
  type PersonalDataKind,
  type PrivacyPage,
  type StoredPrivacyPolicy,
} from '#shared/privacy';
import { DEFAULT_PRIVACY_TEXT, DEFAULT_PRIVACY_UPDATED_ON } from './defaults';
import { privacyRepository } from './repository';

/** A day as a date column reads it, on the Nairobi calendar: '2026-11-29'. */
export function nairobiDay(now: Date): string {
  const { year, month, day } = nairobiCalendarDay(now);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The privacy page's text as stored, else the default. */
export async function readPrivacyPolicy(db: Queryable): Promise<StoredPrivacyPolicy> {
  const stored = await privacyRepository(db).readPolicy();
  return stored
    ? { text: { en: stored.en, so: stored.so }, updatedOn: stored.updatedOn, isDefault: false }
    : { text: DEFAULT_PRIVACY_TEXT, updatedOn: DEFAULT_PRIVACY_UPDATED_ON, isDefault: true };
}

/**
 * The privacy page in `locale`: its Markdown with the inquiry retention of Site settings
 * written in, through the blog's renderer and allow-list.
 */
export async function privacyPage(app: FastifyInstance, locale: Locale): Promise<PrivacyPage> {
  const [policy, { settings }] = await Promise.all([readPrivacyPolicy(app.db), app.siteSettings.get()]);
  const markdown = policy.text[locale].replaceAll(INQUIRY_MONTHS_PLACEHOLDER, String(settings.inquiryRetentionMonths));
  return { language: locale, html: app.renderMarkdown(markdown), updatedOn: policy.updatedOn };
}

/** Everything stored for `email`, by kind, with the counts. */
export async function findPersonalData(db: Queryable, email: string, now = new Date()): Promise<PersonalData> {
  const repo = privacyRepository(db);
  const records = {} as Record<PersonalDataKind, Record<string, unknown>[]>;
  for (const kind of PERSONAL_DATA_KINDS) records[kind] = await repo.find(kind, email);
  const counts = Object.fromEntries(PERSONAL_DATA_KINDS.map((kind) => [kind, records[kind].length])) as Record<
    PersonalDataKind,
    number
  >;
  return { email, collectedAt: now.toISOString(), counts, records };
}

export { privacyRepository } from './repository';
