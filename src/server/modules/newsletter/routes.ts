import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC_FORM_BODY_LIMIT } from '#server/lib/public-forms';
import { emailLimitWait, type FormPostLimit, tooManyRequestsError } from '#server/plugins/rate-limit';
import { HONEYPOT_FIELD } from '#shared/contact-schema';
import { NEWSLETTER_STATUSES, newsletterSchema } from '#shared/newsletter-schema';
import { createNewsletterRepository } from './repository';

/**
 * Shared with the plain sign-up form (page-routes.ts): one counter for both. Per address 30 a
 * minute (many people may share one), per e-mail address 5 in 10 minutes.
 */
export const NEWSLETTER_LIMIT: FormPostLimit = {
  perAddress: { max: 30, timeWindow: '1 minute', groupId: 'newsletter' },
  perEmail: { max: 5, windowMs: 10 * 60_000 },
};

const NewsletterAnswer = z.object({ status: z.enum(NEWSLETTER_STATUSES), message: z.string() });

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const subscribers = createNewsletterRepository(app.db);

  app.post(
    '/newsletter',
    {
      bodyLimit: PUBLIC_FORM_BODY_LIMIT,
      config: { rateLimit: NEWSLETTER_LIMIT.perAddress },
      schema: { body: newsletterSchema, response: { 200: NewsletterAnswer } },
    },
    async (request, reply) => {
      const { email, [HONEYPOT_FIELD]: honeypot } = request.body;
      const wait = await emailLimitWait(app.db, NEWSLETTER_LIMIT, email);
      if (wait !== null) throw tooManyRequestsError(request, reply, wait);
      // One answer whether or not the address was on the list already (or a bot filled the
      // honeypot): it must not tell anyone who is subscribed.
      if (!honeypot) await subscribers.subscribe(email);
      return { status: 'subscribed' as const, message: request.t('newsletter.status.subscribed') };
    },
  );
};
