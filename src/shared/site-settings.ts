import type { Locale } from './i18n';
import type { DigestSchedule } from './newsletter-digest';

/**
 * What admins set for the whole site (docs/product.md#site-settings): the office's contact
 * details, social links, the figures the home and about pages show, and the WhatsApp greeting.
 * Pages read them from the server (GET /api/site-settings), never from their own code. The
 * rules are in site-settings-schema.ts (kept apart so public pages need no zod).
 */
export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'tiktok', 'x', 'youtube', 'linkedin'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
/** Their names, the same in every language. */
export const SOCIAL_NETWORK_NAMES: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  x: 'X',
  youtube: 'YouTube',
  linkedin: 'LinkedIn',
};

/** The figures shown on the home and about pages ('15K+', '60+', '24/7', '99%', '4+'). */
export const SITE_FIGURES = ['happyClients', 'countries', 'support', 'successRate', 'years'] as const;
export type SiteFigure = (typeof SITE_FIGURES)[number];

/** A text in each language of the site. */
export type Localized = Record<Locale, string>;

export interface SiteSettings {
  /** The support WhatsApp line, digits only (normalised as docs/product.md#whatsapp-links says). */
  whatsappNumber: string;
  /** The phone number as shown ('+254 712 345 678'); call links use its digits. */
  phone: string;
  email: string;
  /** The office, as written ('Nairobi, Kenya'). */
  address: string;
  /** Opening hours in each language; empty hides them. */
  openingHours: Localized;
  /** An https address per network; empty: no link. */
  social: Record<SocialNetwork, string>;
  figures: Record<SiteFigure, string>;
  /** The message a chat with the support line starts with. */
  whatsappGreeting: Localized;
  /** Inquiries older than this many months are deleted (docs/product.md#privacy). */
  inquiryRetentionMonths: number;
  /** When the newsletter's weekly digest goes out (docs/product.md#newsletter). */
  newsletterDigest: DigestSchedule;
}

/**
 * The settings as admins edit them: the public ones, and those no visitor may ever read (a
 * spammer who could read the blocked words would write around them).
 */
export interface AdminSiteSettings extends SiteSettings {
  /** Words and phrases refused in sellers' listings (docs/product.md#post-a-listing), as written. */
  blockedWords: string[];
}
