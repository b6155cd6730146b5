import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError } from '#server/lib/http-error';
import { fieldMessages } from '#server/modules/inquiries/service';
import { HONEYPOT_FIELD } from '#shared/contact-fields';
import { listingReportSchema } from '#shared/listing-report';
import type { WriteOutcome } from '#shared/public-writes';
import { reportsRepository } from './repository';

/** A visitor may send a few reports a minute: enough for real ones, too few to flood staff. */
export const REPORT_RATE_LIMIT = { max: 5, timeWindow: '1 minute' };
/** Reports one address may send on one listing in a UTC day: a second thought, not a flood. */
export const REPORTS_PER_LISTING_PER_ADDRESS_PER_DAY = 3;

/**
 * A visitor's report of a listing (docs/product.md#reports): checked by the shared rules, a bot
 * that filled the hidden field is thanked while nothing is stored; a listing not shown is a
 * 404, a fourth report of one listing from one address in a day a 429.
 */
export function createReportService(app: FastifyInstance) {
  const reports = reportsRepository(app.db);
  return {
    async report(listingId: string, input: unknown, request: FastifyRequest): Promise<WriteOutcome> {
      if (!z.uuid().safeParse(listingId).success) throw new HttpError(404, 'listings.detail.notFoundTitle');
      const checked = listingReportSchema.safeParse(input);
      if (!checked.success) return { fields: fieldMessages(checked.error.issues) };
      const { [HONEYPOT_FIELD]: honeypot, ...report } = checked.data;
      if (honeypot) {
        request.log.info('report honeypot filled; ignored');
        return { accepted: true };
      }
      const reporter = await app.leads.visitorOf(request);
      const outcome = await reports.create(listingId, report, reporter, REPORTS_PER_LISTING_PER_ADDRESS_PER_DAY);
      if (outcome === 'no-listing') throw new HttpError(404, 'listings.detail.notFoundTitle');
      if (outcome === 'capped') throw new HttpError(429, 'report.tooMany');
      return { accepted: true };
    },
  };
}
