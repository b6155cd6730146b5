import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fieldMessages, formFields, postPlainForm, withLanguageOf } from '#server/lib/plain-form';
import { PUBLIC_FORM_BODY_LIMIT } from '#server/lib/public-forms';
import { setFormFlash } from '#server/plugins/form-flash';
import { emailLimitWait } from '#server/plugins/rate-limit';
import { contactSchema, HONEYPOT_FIELD } from '#shared/contact-schema';
import { CONTACT_FORM_ACTION, type ContactFieldName } from '#shared/page-forms';
import { createInquiryRepository } from './repository';
import { INQUIRY_LIMIT } from './routes';

const FIELDS = ['name', 'email', 'subject', 'message'] as const satisfies readonly ContactFieldName[];

/**
 * The contact form posted without script (decision 0043): the same rules, honeypot and
 * throttle as POST /api/inquiries. Sent: a redirect to the contact page, which says so. Not
 * valid: the contact page again, with the values and the scripted form's messages.
 */
export async function inquiryPageRoutes(app: FastifyInstance) {
  const inquiries = createInquiryRepository(app.db);
  const postedValues = (body: unknown) => {
    const fields = formFields(body, FIELDS);
    return Object.fromEntries(FIELDS.map((name) => [name, fields[name] ?? ''])) as Record<ContactFieldName, string>;
  };
  // Over the limit: the contact page again, with what was typed and how long to wait.
  const limited = (request: FastifyRequest, reply: FastifyReply, waitSeconds: number) =>
    reply.sendApp({}, 429, { forms: { contact: { values: postedValues(request.body), errors: {}, waitSeconds } } });
  postPlainForm(
    app,
    CONTACT_FORM_ACTION,
    { bodyLimit: PUBLIC_FORM_BODY_LIMIT, rateLimit: INQUIRY_LIMIT.perAddress },
    limited,
    async (request, reply) => {
      const fields = formFields(request.body, [...FIELDS, 'listingId', HONEYPOT_FIELD]);
      const checked = contactSchema.safeParse(fields);
      if (!checked.success) {
        const messages = fieldMessages(checked.error);
        // A bot that overfilled the hidden field gets the thanks and nothing is stored.
        if (!(HONEYPOT_FIELD in messages)) {
          return reply.sendApp({}, 400, {
            forms: { contact: { values: postedValues(request.body), errors: messages } },
          });
        }
      } else {
        const { [HONEYPOT_FIELD]: honeypot, ...inquiry } = checked.data;
        const wait = await emailLimitWait(app.db, INQUIRY_LIMIT, inquiry.email);
        if (wait !== null) return limited(request, reply.header('retry-after', String(wait)), wait);
        if (honeypot) request.log.info('inquiry honeypot filled; ignored');
        else await inquiries.create(inquiry);
      }
      setFormFlash(reply, { contact: { sent: true } });
      return reply.redirect(withLanguageOf(request, CONTACT_FORM_ACTION), 303);
    },
  );
}
