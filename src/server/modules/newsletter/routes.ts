import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HONEYPOT_FIELD } from '../../../shared/contact-schema';
import { NEWSLETTER_STATUSES, newsletterSchema } from '../../../shared/newsletter-schema';
import { PUBLIC_FORM_BODY_LIMIT } from '../inquiries/routes';
import { createNewsletterRepository } from './repository';

/** Shared with the plain sign-up form (page-routes.ts): one counter for both. */
export const NEWSLETTER_RATE_LIMIT = { max: 10, timeWindow: '1 minute', groupId: 'newsletter' };

const NewsletterAnswer = z.object({ status: z.enum(NEWSLETTER_STATUSES), message: z.string() });

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const subscribers = createNewsletterRepository(app.db);

  app.post(
    '/newsletter',
    {
      bodyLimit: PUBLIC_FORM_BODY_LIMIT,
      config: { rateLimit: NEWSLETTER_RATE_LIMIT },
      schema: { body: newsletterSchema, response: { 200: NewsletterAnswer } },
    },
    async (request) => {
      const { email, [HONEYPOT_FIELD]: honeypot } = request.body;
      // One answer whether or not the address was on the list already (or a bot filled the
      // honeypot): it must not tell anyone who is subscribed.
      if (!honeypot) await subscribers.subscribe(email);
      return { status: 'subscribed' as const, message: request.t('newsletter.status.subscribed') };
    },
  );
};
