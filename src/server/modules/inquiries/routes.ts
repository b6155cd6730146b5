import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactSchema, HONEYPOT_FIELD } from '../../../shared/contact-schema';
import { createInquiryRepository } from './repository';

/** Public forms take small bodies: a long message is 5,000 characters. */
export const PUBLIC_FORM_BODY_LIMIT = 16 * 1024;
/** Shared with the plain contact form (page-routes.ts): one counter for both. */
export const INQUIRY_RATE_LIMIT = { max: 5, timeWindow: '1 minute', groupId: 'inquiries' };

const InquiryAccepted = z.object({ status: z.literal('received'), message: z.string() });

export const inquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  const inquiries = createInquiryRepository(app.db);

  app.post(
    '/inquiries',
    {
      bodyLimit: PUBLIC_FORM_BODY_LIMIT,
      config: { rateLimit: INQUIRY_RATE_LIMIT },
      schema: { body: contactSchema, response: { 201: InquiryAccepted } },
    },
    async (request, reply) => {
      const { [HONEYPOT_FIELD]: honeypot, ...inquiry } = request.body;
      // A bot that filled the hidden field gets the same answer and stores nothing.
      if (honeypot) request.log.info('inquiry honeypot filled; ignored');
      else await inquiries.create(inquiry);
      return reply.status(201).send({ status: 'received', message: request.t('contact.status.success') });
    },
  );
};
