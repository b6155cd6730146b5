import { z } from 'zod';

/** Spec §5: the message needs 10 characters; the counter shows /500 but does not stop typing. */
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_COUNTER = 500;
/** Hard caps the server enforces so one request cannot store a novel. */
export const CONTACT_LIMITS = { name: 100, email: 254, subject: 200, message: 5000 } as const;

/** Honeypot field: hidden from people, filled in by naive bots. */
export const HONEYPOT_FIELD = 'website';

const requiredText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** The contact form, checked in the browser and again on the server (messages are catalog keys). */
export const contactSchema = z.strictObject({
  name: requiredText('contact.errors.nameRequired', CONTACT_LIMITS.name, 'contact.errors.nameTooLong'),
  email: requiredText('contact.errors.emailRequired', CONTACT_LIMITS.email, 'contact.errors.emailTooLong').pipe(
    z.email('contact.errors.emailInvalid'),
  ),
  subject: requiredText('contact.errors.subjectRequired', CONTACT_LIMITS.subject, 'contact.errors.subjectTooLong'),
  message: requiredText('contact.errors.messageRequired', CONTACT_LIMITS.message, 'contact.errors.messageTooLong').min(
    CONTACT_MESSAGE_MIN,
    'contact.errors.messageTooShort',
  ),
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
});

export type ContactInput = z.input<typeof contactSchema>;
export type ContactValues = z.output<typeof contactSchema>;
