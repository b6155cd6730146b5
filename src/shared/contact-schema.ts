import { z } from 'zod';
import { CONTACT_LIMITS, CONTACT_MESSAGE_MIN, type ContactFields, HONEYPOT_FIELD } from './contact-fields';
import { multiLine, singleLine } from './text-rules';

export { CONTACT_LIMITS, CONTACT_MESSAGE_MIN, contactTextLength, HONEYPOT_FIELD } from './contact-fields';

const requiredText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);
const requiredLine = (required: string, max: number, tooLong: string) =>
  singleLine(requiredText(required, max, tooLong));

/** The contact form, checked in the browser and again on the server (messages are catalog keys). */
export const contactSchema = z.strictObject({
  name: requiredLine('contact.errors.nameRequired', CONTACT_LIMITS.name, 'contact.errors.nameTooLong'),
  email: requiredLine('contact.errors.emailRequired', CONTACT_LIMITS.email, 'contact.errors.emailTooLong').pipe(
    z.email('contact.errors.emailInvalid'),
  ),
  subject: requiredLine('contact.errors.subjectRequired', CONTACT_LIMITS.subject, 'contact.errors.subjectTooLong'),
  message: multiLine(
    requiredText('contact.errors.messageRequired', CONTACT_LIMITS.message, 'contact.errors.messageTooLong').min(
      CONTACT_MESSAGE_MIN,
      'contact.errors.messageTooShort',
    ),
  ),
  // A stale or mangled link must not cost the visitor their message: a bad id is dropped.
  listingId: z.uuid().optional().catch(undefined),
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
});

export type ContactInput = z.input<typeof contactSchema>;
// The zod-free field type the form uses must stay the schema's input.
export type { ContactFields };

const _sameFields: ContactFields = {} as ContactInput;
void _sameFields;
export type ContactValues = z.output<typeof contactSchema>;
