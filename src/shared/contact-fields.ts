// The contact form's fields and limits without zod, so the page does not need zod to show
// the form (the rules themselves are in contact-schema.ts).

/** Spec §5: the message needs 10 characters; the counter shows /500 but does not stop typing. */
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_COUNTER = 500;
/** Hard caps the server enforces so one request cannot store a novel. */
export const CONTACT_LIMITS = { name: 100, email: 254, subject: 200, message: 5000 } as const;

/** Honeypot field: hidden from people, filled in by naive bots. */
export const HONEYPOT_FIELD = 'website';

export interface ContactFields {
  name: string;
  email: string;
  subject: string;
  message: string;
  [HONEYPOT_FIELD]?: string | undefined;
}
