import type { FastifyInstance } from 'fastify';
import { contactSchema, HONEYPOT_FIELD } from '../../../shared/contact-schema';
import { CONTACT_FORM_ACTION, type ContactFieldName } from '../../../shared/page-forms';
import { fieldMessages, formFields, postPlainForm } from '../../lib/plain-form';
import { setFormFlash } from '../../plugins/form-flash';
import { createInquiryRepository } from './repository';
import { INQUIRY_RATE_LIMIT, PUBLIC_FORM_BODY_LIMIT } from './routes';

const FIELDS = ['name', 'email', 'subject', 'message'] as const satisfies readonly ContactFieldName[];

/**
 * The contact form posted without script (decision 0043): the same rules, honeypot and
 * throttle as POST /api/inquiries. Sent: a redirect to the contact page, which says so. Not
 * valid: the contact page again, with the values and the scripted form's messages.
 */
export async function inquiryPageRoutes(app: FastifyInstance) {
  const inquiries = createInquiryRepository(app.db);
  postPlainForm(
    app,
    CONTACT_FORM_ACTION,
    { bodyLimit: PUBLIC_FORM_BODY_LIMIT, rateLimit: INQUIRY_RATE_LIMIT },
    async (request, reply) => {
      const fields = formFields(request.body, [...FIELDS, 'listingId', HONEYPOT_FIELD]);
      const checked = contactSchema.safeParse(fields);
      if (!checked.success) {
        const messages = fieldMessages(checked.error);
        // A bot that overfilled the hidden field gets the thanks and nothing is stored.
        if (!(HONEYPOT_FIELD in messages)) {
          const values = Object.fromEntries(FIELDS.map((name) => [name, fields[name] ?? ''])) as Record<
            ContactFieldName,
            string
          >;
          return reply.sendApp({}, 400, { forms: { contact: { values, errors: messages } } });
        }
      } else {
        const { [HONEYPOT_FIELD]: honeypot, ...inquiry } = checked.data;
        if (honeypot) request.log.info('inquiry honeypot filled; ignored');
        else await inquiries.create(inquiry);
      }
      setFormFlash(reply, { contact: { sent: true } });
      return reply.redirect(CONTACT_FORM_ACTION, 303);
    },
  );
}
