import type { ContactFields } from './contact-fields';
import type { PublicWrites } from './public-writes';

/**
 * What a public form's route action answered, for the page to show: its success, or the values
 * and field messages (catalog keys) to show again. In the browser the form reads it at once; a
 * form posted without script gets it with the page the server renders, or, after a redirect,
 * from the action's flash.
 */
export type ContactFieldName = Exclude<keyof ContactFields, 'website' | 'listingId'>;
export type ContactFormState =
  | { sent: true }
  | {
      values: Record<ContactFieldName, string>;
      errors: Partial<Record<ContactFieldName, string>>;
      /** Over the rate limit: the seconds to wait before sending again (and the API's words for it). */
      waitSeconds?: number;
      waitMessage?: string;
      /** Not sent for another reason (the connection, the server): the visitor may try again. */
      failed?: true;
    };
export type NewsletterFormState =
  | { subscribed: true }
  | { email: string; error: string }
  | { email: string; waitSeconds: number; waitMessage?: string }
  | { email: string; failed: true };

/** "E-mail me new matches" on a results page: sent (a confirmation is on its way), or what to show again. */
export type AlertFormState =
  | { sent: true }
  | { email: string; frequency: string; error: string }
  | { email: string; frequency: string; waitSeconds: number; waitMessage?: string }
  | { email: string; frequency: string; failed: true };

/** The Report dialog's answer (a dialog opened by script: answered in place only). */
export type ReportFormState =
  | { sent: true }
  | { errors: Record<string, string> }
  /** Refused: the message to show (the API's words: too many reports, a rate limit). */
  | { refused: string }
  | { failed: true };

/** "Post a listing": received (the seller confirms by e-mail), or what to show again. */
export type SellFormState =
  | { sent: true }
  | {
      values: Record<string, string>;
      errors: Record<string, string>;
      waitSeconds?: number;
      waitMessage?: string;
      failed?: true;
    };

export interface PageForms {
  sell?: SellFormState;
  /** A seller's changes through their own link: the same states. */
  sellEdit?: SellFormState;
  contact?: ContactFormState;
  newsletter?: NewsletterFormState;
  report?: ReportFormState;
  alert?: AlertFormState;
}

/**
 * What the server hands a form's route action when it runs it (a form posted without script):
 * its writes, and the flash that carries a success across the redirect that answers it
 * (post/redirect/get). In the browser an action has neither: it writes through the JSON API and
 * answers with data.
 */
export interface FormActionContext {
  writes: PublicWrites;
  flash: FormFlash;
}

/** A short-lived cookie holding what the page after a redirect must show, read once. */
export interface FormFlash {
  set(forms: PageForms): void;
  /** What was left for this page, if anything; spent at once. */
  take(): PageForms;
}

/** The route id of the public pages' layout, whose loader reads the flash. */
export const PUBLIC_LAYOUT_ROUTE = 'public';

/** Where the forms post: the contact page itself, and one address for the footer's sign-up. */
export const CONTACT_FORM_ACTION = '/contact';
export const NEWSLETTER_FORM_ACTION = '/newsletter';
/** Where a results page's "E-mail me new matches" posts. */
export const ALERT_FORM_ACTION = '/alerts';
/** Where "Post a listing" posts: its own page. */
export const SELL_FORM_ACTION = '/sell';
/** Where a seller's own link leads (docs/product.md#the-sellers-link): its page of actions, and the change form, which posts to itself. */
export const SELLER_MANAGE_PATH = '/sell/manage';
export const SELLER_EDIT_PATH = '/sell/edit';
/** The change form's field holding the current photos to keep (one per photo, in order). */
export const KEEP_PHOTOS_FIELD = 'keep_images';
/** The newsletter form's hidden field naming the page to come back to. */
export const RETURN_TO_FIELD = 'returnTo';
