import type { ActionFunctionArgs } from 'react-router';
import { HONEYPOT_FIELD } from '#shared/contact-fields';
import type { ListingReportInput } from '#shared/listing-report';
import type { PageForms, ReportFormState } from '#shared/page-forms';
import { ApiError } from '#web/lib/api-client';
import { formActionContext, formText } from '#web/lib/page-forms';

/**
 * A listing page's action: the visitor's report of the listing (docs/product.md#reports), posted
 * by the Report dialog through a fetcher (the page does not move) and answered in place.
 */
export async function reportAction({ request, params, context }: ActionFunctionArgs) {
  const { writes, flash } = formActionContext(context);
  const form = await request.formData();
  const report = {
    reason: formText(form, 'reason') as ListingReportInput['reason'],
    note: formText(form, 'note') ?? '',
    contact: formText(form, 'contact') ?? '',
    [HONEYPOT_FIELD]: formText(form, HONEYPOT_FIELD) ?? '',
  } satisfies ListingReportInput;
  let state: ReportFormState;
  try {
    const outcome = await writes.reportListing(params.id ?? '', report);
    state =
      'accepted' in outcome
        ? { sent: true }
        : 'fields' in outcome
          ? { errors: outcome.fields }
          : outcome.message
            ? { refused: outcome.message }
            : { failed: true };
  } catch (error) {
    if (flash) throw error;
    // Reported too often today: the API's own words; anything else, the generic failure.
    state = error instanceof ApiError && error.status === 429 ? { refused: error.message } : { failed: true };
  }
  return { report: state } satisfies PageForms;
}
