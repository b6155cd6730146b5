import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC_FORM_BODY_LIMIT } from '#server/lib/public-forms';
import { siteOrigin } from '#server/lib/site-origin';
import { tooManyRequestsError } from '#server/plugins/rate-limit';
import { contactSchema } from '#shared/contact-schema';
import { createInquiryService, INQUIRY_LIMIT } from './service';

const InquiryAccepted = z.object({ status: z.literal('received'), message: z.string() });

export const inquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  const inquiries = createInquiryService(app.db);

  app.post(
    '/inquiries',
    {
      bodyLimit: PUBLIC_FORM_BODY_LIMIT,
      config: { rateLimit: INQUIRY_LIMIT.perAddress },
      schema: { body: contactSchema, response: { 201: InquiryAccepted } },
    },
    async (request, reply) => {
      const outcome = await inquiries.submit(request.body, request.log, siteOrigin(request));
      if ('waitSeconds' in outcome) throw tooManyRequestsError(request, reply, outcome.waitSeconds);
      return reply.status(201).send({ status: 'received', message: request.t('contact.status.success') });
    },
  );
};
