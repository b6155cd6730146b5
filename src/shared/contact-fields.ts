// The contact form's fields and limits without zod, so the page does not need zod to show
// the form (the rules themselves are in contact-schema.ts).

/** The message needs 10 characters. */
export const CONTACT_MESSAGE_MIN = 10;
/** Hard caps the server enforces so one request cannot store a novel; the form counts towards the message's. */
export const CONTACT_LIMITS = { name: 100, email: 254, subject: 200, message: 5000 } as const;

/** A text's length as the contact rules count it: trimmed, in UTF-16 units (zod's `.trim().max()`). */
export function contactTextLength(text: string): number {
  return text.trim().length;
}

/** Honeypot field: hidden from people, filled in by naive bots. */
export const HONEYPOT_FIELD = 'website';

export interface ContactFields {
  name: string;
  email: string;
  subject: string;
  message: string;
  /** The listing the message is about, when the visitor came from its page (/contact?listing=<id>). */
  listingId?: string | undefined;
  [HONEYPOT_FIELD]?: string | undefined;
}
