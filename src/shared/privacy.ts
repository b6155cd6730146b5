import { z } from 'zod';
import type { Locale } from './i18n';
import { multiLine, singleLine } from './text-rules';

/** Saved searches and newsletter sign-ups not confirmed within this many days are removed. */
export const UNCONFIRMED_KEPT_DAYS = 7;

/** Inquiries are kept this many months unless Site settings says otherwise (docs/product.md#privacy). */
export const INQUIRY_RETENTION = { defaultMonths: 24, min: 1, max: 120 };

/** The privacy page's Markdown may name the retention: this is replaced by the months set. */
export const INQUIRY_MONTHS_PLACEHOLDER = '{inquiryMonths}';

export const PRIVACY_TEXT_MAX = 20_000;

const E = 'adminSite.privacy.errors';
const policyText = multiLine(
  z
    .string({ message: `${E}.textRequired` })
    .trim()
    .min(1, `${E}.textRequired`)
    .max(PRIVACY_TEXT_MAX, `${E}.textTooLong`),
);

/** The privacy page's text as admins edit it: Markdown in both languages. */
export const privacyPolicySchema = z.strictObject({ text: z.strictObject({ en: policyText, so: policyText }) });
export type PrivacyPolicyInput = z.input<typeof privacyPolicySchema>;

/** What staff edit: the texts, the day of the last change and whether it is still the default text. */
export const storedPrivacyPolicySchema = z.object({
  text: z.object({ en: z.string(), so: z.string() }),
  updatedOn: z.string(),
  isDefault: z.boolean(),
});
export type StoredPrivacyPolicy = z.infer<typeof storedPrivacyPolicySchema>;

/** The page as a visitor reads it: sanitised HTML in their language and the "last updated" day (YYYY-MM-DD). */
export interface PrivacyPage {
  language: Locale;
  html: string;
  updatedOn: string;
}

/** A privacy request names one e-mail address. */
export const dataRequestSchema = z.strictObject({
  email: singleLine(
    z
      .string({ message: 'adminSite.privacyRequests.errors.emailInvalid' })
      .trim()
      .max(254, 'adminSite.privacyRequests.errors.emailInvalid'),
  ).pipe(z.email('adminSite.privacyRequests.errors.emailInvalid')),
});

/** What is stored for one address, by kind, as a privacy request shows and exports it. */
export const PERSONAL_DATA_KINDS = [
  'inquiries',
  'newsletter',
  'savedSearches',
  'reports',
  'submissions',
  'mail',
] as const;
export type PersonalDataKind = (typeof PERSONAL_DATA_KINDS)[number];

export interface PersonalData {
  email: string;
  /** When it was gathered (ISO). */
  collectedAt: string;
  counts: Record<PersonalDataKind, number>;
  records: Record<PersonalDataKind, Record<string, unknown>[]>;
}
