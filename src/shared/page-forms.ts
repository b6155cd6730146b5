import type { ContactFields } from './contact-fields';

/**
 * What a form posted without the page's script (a plain HTML form) left for the page the
 * server answers with: its success, or the values and field messages (catalog keys) to show
 * again, as the scripted form would.
 */
export type ContactFieldName = Exclude<keyof ContactFields, 'website' | 'listingId'>;
export type ContactFormState =
  | { sent: true }
  | {
      values: Record<ContactFieldName, string>;
      errors: Partial<Record<ContactFieldName, string>>;
      /** Over the rate limit: the seconds to wait before sending again. */
      waitSeconds?: number;
    };
export type NewsletterFormState =
  | { subscribed: true }
  | { email: string; error: string }
  | { email: string; waitSeconds: number };

export interface PageForms {
  contact?: ContactFormState;
  newsletter?: NewsletterFormState;
}

/** Where the plain forms post: the contact page itself, and one address for the footer's sign-up. */
export const CONTACT_FORM_ACTION = '/contact';
export const NEWSLETTER_FORM_ACTION = '/newsletter';
/** The newsletter form's hidden field naming the page to come back to. */
export const RETURN_TO_FIELD = 'returnTo';
