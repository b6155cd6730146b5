import { z } from 'zod';
import { HONEYPOT_FIELD } from './contact-schema';

/** The footer's newsletter form, checked in the browser and again on the server. */
export const newsletterSchema = z.strictObject({
  email: z
    .string({ error: 'newsletter.errors.emailRequired' })
    .trim()
    .min(1, 'newsletter.errors.emailRequired')
    .max(254, 'newsletter.errors.emailInvalid')
    .pipe(z.email('newsletter.errors.emailInvalid')),
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
});

export type NewsletterInput = z.input<typeof newsletterSchema>;

/** One status: the answer never tells whether the address was already on the list. */
export const NEWSLETTER_STATUSES = ['subscribed'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];
