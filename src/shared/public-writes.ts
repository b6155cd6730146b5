import type { ContactFields } from './contact-fields';
import type { ListingReportInput } from './listing-report';
import type { NewsletterInput } from './newsletter-schema';
import type { AlertSignUpInput } from './saved-search';

/**
 * How a visitor's form post came out: accepted, refused with a message per field (catalog
 * keys), or over a limit (the seconds to wait before sending again).
 */
export type WriteOutcome =
  | { accepted: true }
  | { fields: Record<string, string> }
  /** `message`: the API's own words for it, in the visitor's language (in the browser). */
  | { waitSeconds: number; message?: string };

/**
 * The public forms' writes, made the same way wherever a form's route action runs: in the
 * browser the JSON API over HTTP (src/web/lib/api-writes.ts); on the server, for a form posted
 * without script, the services the API's routes call (src/server/page-writes.ts), with the same
 * rules, honeypot and per-e-mail limits. A failure other than these outcomes is thrown.
 */
export interface PublicWrites {
  /** POST /api/inquiries */
  submitInquiry(input: ContactFields): Promise<WriteOutcome>;
  /** POST /api/newsletter */
  subscribe(input: NewsletterInput): Promise<WriteOutcome>;
  /** POST /api/alerts: "E-mail me new matches" on a results page. */
  saveAlert(input: AlertSignUpInput): Promise<WriteOutcome>;
  /** POST /api/listings/:id/reports (a listing not shown, or reported too often today, is thrown: 404, 429). */
  reportListing(listingId: string, input: ListingReportInput): Promise<WriteOutcome>;
  /**
   * POST /api/submissions: a seller's listing, its fields as typed and its photos. Its field
   * messages are in the visitor's words already (the staff form's rules word them).
   */
  submitListing(form: SellerListingForm): Promise<WriteOutcome>;
  /**
   * POST /api/seller-listing/edit: a seller's changes through their own link (`token`), the
   * current photos to keep and new ones. A link that opens nothing, or an edit already
   * waiting, is refused under `form`.
   */
  editListing(token: string, form: SellerListingForm & { keepPhotos: string[] }): Promise<WriteOutcome>;
}

/** "Post a listing" as posted: every field as text (submissionFromForm reads them) and the photo files. */
export interface SellerListingForm {
  fields: Record<string, string>;
  photos: File[];
}
