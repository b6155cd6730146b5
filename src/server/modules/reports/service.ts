import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError } from '#server/lib/http-error';
import { siteOrigin } from '#server/lib/site-origin';
import { fieldMessages } from '#server/modules/inquiries/service';
import { queueReportNotice } from '#server/modules/staff-notices/service';
import { HONEYPOT_FIELD } from '#shared/contact-fields';
import { listingPath } from '#shared/listing-format';
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
      const origin = siteOrigin(request);
      // The staff notice exists exactly when the report does.
      const { outcome } = await app.db.transaction(async (tx) => {
        const made = await reportsRepository(tx).create(
          listingId,
          report,
          reporter,
          REPORTS_PER_LISTING_PER_ADDRESS_PER_DAY,
        );
        if (made.outcome === 'created') {
          const listingUrl = `${origin}${listingPath({ id: listingId, category: made.category })}`;
          await queueReportNotice(tx, { ...report, id: made.id, listingTitle: made.title, listingUrl }, origin);
        }
        return made;
      });
      if (outcome === 'no-listing') throw new HttpError(404, 'listings.detail.notFoundTitle');
      if (outcome === 'capped') throw new HttpError(429, 'report.tooMany');
      return { accepted: true };
    },
  };
}
