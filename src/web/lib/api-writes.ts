import { KEEP_PHOTOS_FIELD } from '#shared/page-forms';
import type { PublicWrites, WriteOutcome } from '#shared/public-writes';
import { ApiError, apiFetch } from './api-client';

/** An API post's answer as a form's outcome; any other failure is thrown. */
async function outcomeOf(post: Promise<unknown>): Promise<WriteOutcome> {
  try {
    await post;
    return { accepted: true };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length) {
      return { fields: error.fields };
    }
    if (error instanceof ApiError && error.status === 429) {
      return { waitSeconds: error.retryAfterSeconds ?? 60, message: error.message };
    }
    throw error;
  }
}

/** The public forms' writes in the browser: the JSON API (src/shared/public-writes.ts). */
export const apiWrites: PublicWrites = {
  submitInquiry: (input) => outcomeOf(apiFetch('/api/inquiries', { method: 'POST', json: input })),
  subscribe: (input) => outcomeOf(apiFetch('/api/newsletter', { method: 'POST', json: input })),
  saveAlert: (input) => outcomeOf(apiFetch('/api/alerts', { method: 'POST', json: input })),
  reportListing: (listingId, input) =>
    outcomeOf(apiFetch(`/api/listings/${encodeURIComponent(listingId)}/reports`, { method: 'POST', json: input })),
  submitListing: async ({ fields, photos }) => {
    // The listing rules (and zod) load with the one page that posts them, not with every page.
    const { submissionFromForm } = await import('#shared/listing-submission');
    const body = new FormData();
    body.append('data', JSON.stringify(submissionFromForm(fields)));
    for (const photo of photos) body.append('images', photo);
    return outcomeOf(apiFetch('/api/submissions', { method: 'POST', body }));
  },
  editListing: async (token, { fields, photos, keepPhotos }) => {
    const { submissionFromForm } = await import('#shared/listing-submission');
    const body = new FormData();
    body.append('data', JSON.stringify({ ...submissionFromForm(fields), [KEEP_PHOTOS_FIELD]: keepPhotos }));
    for (const photo of photos) body.append('images', photo);
    try {
      return await outcomeOf(
        apiFetch(`/api/seller-listing/edit?token=${encodeURIComponent(token)}`, { method: 'POST', body }),
      );
    } catch (error) {
      // The link opens nothing, or an edit waits already: said above the form.
      if (error instanceof ApiError && [404, 409, 410].includes(error.status))
        return { fields: { form: error.message } };
      throw error;
    }
  },
};
