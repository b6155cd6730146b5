import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fieldMessages, formFields, postPlainForm } from '#server/lib/plain-form';
import { PUBLIC_FORM_BODY_LIMIT } from '#server/lib/public-forms';
import { sameSitePath } from '#server/lib/same-site-path';
import { setFormFlash } from '#server/plugins/form-flash';
import { emailLimitWait } from '#server/plugins/rate-limit';
import { HONEYPOT_FIELD } from '#shared/contact-schema';
import { newsletterSchema } from '#shared/newsletter-schema';
import { NEWSLETTER_FORM_ACTION, type NewsletterFormState, RETURN_TO_FIELD } from '#shared/page-forms';
import { createNewsletterRepository } from './repository';
import { NEWSLETTER_LIMIT } from './routes';

/** A path on this site to come back to; anything else (another host, `//x`, `/\x`) is the home page. */
export function returnPath(value: string | undefined): string {
  return sameSitePath(value) ?? '/';
}

/**
 * The footer's sign-up posted without script (decision 0043): the same rules, honeypot and
 * throttle as POST /api/newsletter, then back to the page it was sent from, whose footer
 * shows the thanks, or the address and its message.
 */
export async function newsletterPageRoutes(app: FastifyInstance) {
  const subscribers = createNewsletterRepository(app.db);
  // Over the limit: back to the page, whose footer keeps the address and says how long to wait.
  const limited = (request: FastifyRequest, reply: FastifyReply, waitSeconds: number) => {
    const fields = formFields(request.body, ['email', RETURN_TO_FIELD]);
    setFormFlash(reply, { newsletter: { email: (fields.email ?? '').slice(0, 254), waitSeconds } });
    return reply.redirect(returnPath(fields[RETURN_TO_FIELD]), 303);
  };
  postPlainForm(
    app,
    NEWSLETTER_FORM_ACTION,
    { bodyLimit: PUBLIC_FORM_BODY_LIMIT, rateLimit: NEWSLETTER_LIMIT.perAddress },
    limited,
    async (request, reply) => {
      const fields = formFields(request.body, ['email', HONEYPOT_FIELD, RETURN_TO_FIELD]);
      const checked = newsletterSchema.safeParse({ email: fields.email, [HONEYPOT_FIELD]: fields[HONEYPOT_FIELD] });
      let state: NewsletterFormState = { subscribed: true };
      if (checked.success) {
        const wait = await emailLimitWait(app.db, NEWSLETTER_LIMIT, checked.data.email);
        if (wait !== null) return limited(request, reply, wait);
        // As the scripted form: the same thanks whether or not the address was on the list.
        if (!checked.data[HONEYPOT_FIELD]) await subscribers.subscribe(checked.data.email);
      } else {
        const error = fieldMessages(checked.error).email;
        if (error) state = { email: (fields.email ?? '').slice(0, 254), error };
      }
      setFormFlash(reply, { newsletter: state });
      return reply.redirect(returnPath(fields[RETURN_TO_FIELD]), 303);
    },
  );
}
