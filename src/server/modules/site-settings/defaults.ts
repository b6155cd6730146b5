import { INQUIRY_RETENTION } from '#shared/privacy';
import type { AdminSiteSettings } from '#shared/site-settings';

/**
 * The site settings of a fresh database, until an admin saves their own
 * (docs/product.md#site-settings): the details the site was launched with.
 */
export const DEFAULT_SITE_SETTINGS: AdminSiteSettings = {
  whatsappNumber: '254712345678',
  phone: '+254 712 345 678',
  email: 'info@somalidiaspora.co.ke',
  address: 'Nairobi, Kenya',
  openingHours: { en: 'Support 24/7', so: 'Taageero 24/7' },
  social: { facebook: '', instagram: '', tiktok: '', x: '', youtube: '', linkedin: '' },
  figures: { happyClients: '15K+', countries: '60+', support: '24/7', successRate: '99%', years: '4+' },
  whatsappGreeting: {
    en: 'Hello! I would like to know more about your services.',
    so: 'Salaan! Waxaan doonayaa inaan wax badan ka ogaado adeegyadiinna.',
  },
  inquiryRetentionMonths: INQUIRY_RETENTION.defaultMonths,
  // Off until an admin chooses its day: a fresh site has no subscribers to mail.
  newsletterDigest: { day: 'off', hour: 8 },
  blockedWords: [],
};
