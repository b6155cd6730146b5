import type { FastifyInstance, FastifyRequest } from 'fastify';
import { siteOrigin } from '#server/lib/site-origin';
import { createAlertService } from '#server/modules/alerts/service';
import { createInquiryService } from '#server/modules/inquiries/service';
import { createNewsletterService } from '#server/modules/newsletter/service';
import { createReportService } from '#server/modules/reports/service';
import type { PublicWrites } from '#shared/public-writes';

/**
 * The public writes a form's route action makes on the server (a form posted without script):
 * the services the JSON API's routes call, with their rules, honeypot and per-e-mail limits.
 */
export function createPageWrites(app: FastifyInstance): (request: FastifyRequest) => PublicWrites {
  const inquiries = createInquiryService(app.db);
  const newsletter = createNewsletterService(app.db);
  const reports = createReportService(app);
  const alerts = createAlertService(app.db);
  return (request) => ({
    submitInquiry: (input) => inquiries.submit(input, request.log, siteOrigin(request)),
    subscribe: (input) =>
      newsletter.subscribe(input, { language: request.locale, origin: siteOrigin(request), log: request.log }),
    reportListing: (listingId, input) => reports.report(listingId, input, request),
    saveAlert: (input) =>
      alerts.signUp(input, { language: request.locale, origin: siteOrigin(request), log: request.log }),
  });
}

/** A post over its address's rate limit: every write answers with the wait, and nothing is written. */
export function limitedWrites(waitSeconds: number): PublicWrites {
  const wait = async () => ({ waitSeconds });
  return { submitInquiry: wait, subscribe: wait, reportListing: wait, saveAlert: wait };
}
