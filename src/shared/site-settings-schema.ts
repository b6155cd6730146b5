import { z } from 'zod';
import { DIGEST_DAYS } from './newsletter-digest';
import { INQUIRY_RETENTION } from './privacy';
import {
  type AdminSiteSettings,
  type Localized,
  SITE_FIGURES,
  type SiteFigure,
  type SiteSettings,
  SOCIAL_NETWORKS,
  type SocialNetwork,
} from './site-settings';
import { hasForbiddenCharacters, INVALID_CHARACTERS_MESSAGE, singleLine } from './text-rules';
import { fitsE164, PHONE_TOO_MANY_DIGITS_MESSAGE, toWhatsAppNumber } from './whatsapp';

/** The site settings' rules, one schema for the admin form and the server; messages are catalog keys. */
const E = 'adminSite.errors';

export const SITE_SETTINGS_LIMITS = {
  phone: 32,
  email: 254,
  address: 200,
  hours: 100,
  url: 300,
  figure: 16,
  greeting: 300,
  blockedWords: 500,
  blockedWord: 100,
};

const line = (max: number, required?: string) => {
  const text = z.string({ message: `${E}.mustBeText` }).trim();
  return singleLine(required ? text.min(1, required).max(max, `${E}.tooLong`) : text.max(max, `${E}.tooLong`));
};

/** A number as people type it: digits, spaces, + ( ) . - and at least 7 digits (as a listing's). */
const phoneNumber = (required: string) =>
  line(SITE_SETTINGS_LIMITS.phone, required)
    .regex(/^[+\d\s().-]*$/, `${E}.phoneInvalid`)
    .refine((v) => v.replace(/\D/g, '').length >= 7, `${E}.phoneInvalid`)
    .refine(fitsE164, PHONE_TOO_MANY_DIGITS_MESSAGE);

const localized = (max: number, required?: string) =>
  z.strictObject({ en: line(max, required), so: line(max, required) }) satisfies z.ZodType<Localized>;

/** An https address, or empty for none. */
const socialLink = line(SITE_SETTINGS_LIMITS.url).refine((value) => {
  if (value === '') return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
  } catch {
    return false;
  }
}, `${E}.httpsOnly`);

/** The settings every visitor may read (the footer, the contact page, ...). */
export const publicSiteSettingsSchema = z.strictObject({
  // Stored normalised, as every WhatsApp link reads it: '0712 345 678' → '254712345678'.
  whatsappNumber: phoneNumber(`${E}.whatsappRequired`).transform(toWhatsAppNumber),
  phone: phoneNumber(`${E}.phoneRequired`),
  email: line(SITE_SETTINGS_LIMITS.email, `${E}.emailRequired`).pipe(z.email(`${E}.emailInvalid`)),
  address: line(SITE_SETTINGS_LIMITS.address, `${E}.addressRequired`),
  openingHours: localized(SITE_SETTINGS_LIMITS.hours),
  social: z.strictObject(
    Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, socialLink])) as Record<
      SocialNetwork,
      typeof socialLink
    >,
  ),
  figures: z.strictObject(
    Object.fromEntries(
      SITE_FIGURES.map((figure) => [figure, line(SITE_SETTINGS_LIMITS.figure, `${E}.figureRequired`)]),
    ) as Record<SiteFigure, ReturnType<typeof line>>,
  ),
  whatsappGreeting: localized(SITE_SETTINGS_LIMITS.greeting, `${E}.greetingRequired`),
  inquiryRetentionMonths: z
    .number({ message: `${E}.retentionInvalid` })
    .int(`${E}.retentionInvalid`)
    .min(INQUIRY_RETENTION.min, `${E}.retentionInvalid`)
    .max(INQUIRY_RETENTION.max, `${E}.retentionInvalid`),
  newsletterDigest: z.strictObject({
    day: z.enum(['off', ...DIGEST_DAYS], { message: `${E}.digestDayInvalid` }),
    hour: z
      .number({ message: `${E}.digestHourInvalid` })
      .int(`${E}.digestHourInvalid`)
      .min(0, `${E}.digestHourInvalid`)
      .max(23, `${E}.digestHourInvalid`),
  }),
}) satisfies z.ZodType<SiteSettings, unknown>;

/**
 * The blocked words, typed one per line (or sent as a list): trimmed, empty lines dropped, the
 * same word twice kept once whatever its case.
 */
const blockedWords = z
  .union([z.string(), z.array(z.string())], { message: `${E}.mustBeText` })
  .transform((value, ctx) => {
    const lines = (typeof value === 'string' ? value.split(/\r\n|\r|\n/) : value).map((line) => line.trim());
    const seen = new Set<string>();
    const words: string[] = [];
    for (const word of lines) {
      const key = word.toLowerCase();
      if (word === '' || seen.has(key)) continue;
      seen.add(key);
      words.push(word);
    }
    if (words.length > SITE_SETTINGS_LIMITS.blockedWords) {
      ctx.addIssue({ code: 'custom', message: `${E}.blockedWordsTooMany` });
    } else if (words.some((word) => word.length > SITE_SETTINGS_LIMITS.blockedWord)) {
      ctx.addIssue({ code: 'custom', message: `${E}.blockedWordTooLong` });
    } else if (words.some((word) => hasForbiddenCharacters(word))) {
      ctx.addIssue({ code: 'custom', message: INVALID_CHARACTERS_MESSAGE });
    }
    return words;
  });

/**
 * Everything admins set: the public settings and the private ones. A document sent without the
 * blocked words empties them (the admin form always sends them).
 */
export const siteSettingsSchema = publicSiteSettingsSchema.extend({
  blockedWords: blockedWords.default([]),
}) satisfies z.ZodType<AdminSiteSettings, unknown>;

export type SiteSettingsInput = z.input<typeof siteSettingsSchema>;

/**
 * The settings as the server answers visitors (already normalised: no transform to run backwards).
 * Strict: a private setting reaching a public answer fails it rather than showing.
 */
export const siteSettingsAnswerSchema = publicSiteSettingsSchema.extend({ whatsappNumber: z.string() });

/** The settings as the server answers admins. */
export const adminSiteSettingsAnswerSchema = siteSettingsAnswerSchema.extend({ blockedWords: z.array(z.string()) });
