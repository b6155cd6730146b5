import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC_FORM_BODY_LIMIT } from '#server/lib/public-forms';
import { emailLimitWait, type FormPostLimit, tooManyRequestsError } from '#server/plugins/rate-limit';
import { contactSchema, HONEYPOT_FIELD } from '#shared/contact-schema';
import { createInquiryRepository } from './repository';

/**
 * Shared with the plain contact form (page-routes.ts): one counter for both. Per address a
 * generous 30 a minute (a cyber café or a carrier's shared address is many people), per
 * e-mail address 5 in 10 minutes.
 */
export const INQUIRY_LIMIT: FormPostLimit = {
  perAddress: { max: 30, timeWindow: '1 minute', groupId: 'inquiries' },
  perEmail: { max: 5, windowMs: 10 * 60_000 },
};

const InquiryAccepted = z.object({ status: z.literal('received'), message: z.string() });

export const inquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  const inquiries = createInquiryRepository(app.db);

  app.post(
    '/inquiries',
    {
      bodyLimit: PUBLIC_FORM_BODY_LIMIT,
      config: { rateLimit: INQUIRY_LIMIT.perAddress },
      schema: { body: contactSchema, response: { 201: InquiryAccepted } },
    },
    async (request, reply) => {
      const { [HONEYPOT_FIELD]: honeypot, ...inquiry } = request.body;
      const wait = await emailLimitWait(app.db, INQUIRY_LIMIT, inquiry.email);
      if (wait !== null) throw tooManyRequestsError(request, reply, wait);
      // A bot that filled the hidden field gets the same answer and stores nothing.
      if (honeypot) request.log.info('inquiry honeypot filled; ignored');
      else await inquiries.create(inquiry);
      return reply.status(201).send({ status: 'received', message: request.t('contact.status.success') });
    },
  );
};
