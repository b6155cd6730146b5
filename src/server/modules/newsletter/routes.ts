import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC_FORM_BODY_LIMIT } from '#server/lib/public-forms';
import { tooManyRequestsError } from '#server/plugins/rate-limit';
import { NEWSLETTER_STATUSES, newsletterSchema } from '#shared/newsletter-schema';
import { createNewsletterService, NEWSLETTER_LIMIT } from './service';

const NewsletterAnswer = z.object({ status: z.enum(NEWSLETTER_STATUSES), message: z.string() });

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const newsletter = createNewsletterService(app.db);

  app.post(
    '/newsletter',
    {
      bodyLimit: PUBLIC_FORM_BODY_LIMIT,
      config: { rateLimit: NEWSLETTER_LIMIT.perAddress },
      schema: { body: newsletterSchema, response: { 200: NewsletterAnswer } },
    },
    async (request, reply) => {
      const outcome = await newsletter.subscribe(request.body, request.log);
      if ('waitSeconds' in outcome) throw tooManyRequestsError(request, reply, outcome.waitSeconds);
      return { status: 'subscribed' as const, message: request.t('newsletter.status.subscribed') };
    },
  );
};
