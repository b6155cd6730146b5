import { z } from 'zod';
import { staffPagingFields } from './admin-listing-query';
import { CATEGORIES, type Category } from './categories';
import { HONEYPOT_FIELD } from './contact-fields';
import {
  EMPTY_LISTING_FORM,
  type ListingFormValues,
  type ListingPayload,
  listingPayloadSchema,
  toListingPayload,
} from './listing-form-schema';
import type { Permission } from './permissions';
import { multiLine, singleLine } from './text-rules';

/**
 * A listing a seller posts (docs/product.md#post-a-listing): unconfirmed until the seller opens
 * the e-mail link, then waiting for staff, who approve, reject or mark it spam.
 */
export const SUBMISSION_STATUSES = ['unconfirmed', 'waiting', 'approved', 'rejected', 'spam'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** A confirmation link works this long; an unconfirmed submission is removed, photos too, after it. */
export const SUBMISSION_CONFIRM_HOURS = 48;
/** Submissions of one e-mail address unconfirmed or waiting at once: more are refused until staff decide. */
export const MAX_OPEN_SUBMISSIONS_PER_EMAIL = 3;
export const SELLER_LIMITS = { name: 100, email: 254 } as const;

const E = 'sell.errors';

/** The seller's own fields; their WhatsApp number is the listing's. */
export const sellerFieldsSchema = z.strictObject({
  seller_name: singleLine(
    z
      .string({ error: `${E}.nameRequired` })
      .trim()
      .min(1, `${E}.nameRequired`)
      .max(SELLER_LIMITS.name, `${E}.nameTooLong`),
  ),
  seller_email: singleLine(
    z
      .string({ error: `${E}.emailRequired` })
      .trim()
      .min(1, `${E}.emailRequired`)
      .max(SELLER_LIMITS.email, `${E}.emailInvalid`),
  ).pipe(z.email(`${E}.emailInvalid`)),
  consent: z.literal(true, { error: `${E}.consentRequired` }),
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
});
export type SellerFields = z.output<typeof sellerFieldsSchema>;

const SELLER_FIELD_NAMES = Object.keys(sellerFieldsSchema.shape);
/** What staff alone set on a listing: a seller's copy of them is dropped, never used. */
const STAFF_ONLY_FIELDS = ['is_active', 'image_urls'];

export interface SubmissionPayload {
  listing: ListingPayload;
  seller: SellerFields;
}

/**
 * The listing's fields of what a seller's form sends, flat, checked by the staff form's own
 * schema (one set of rules for both): the seller's own fields and the staff-only ones are not
 * the listing's (a seller cannot publish, or borrow another listing's photos).
 */
export function listingSubmissionFields(input: Record<string, unknown>): {
  data?: ListingPayload;
  issues: { path: PropertyKey[]; message: string }[];
} {
  const listingInput: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (!SELLER_FIELD_NAMES.includes(key) && !STAFF_ONLY_FIELDS.includes(key)) listingInput[key] = value;
  }
  const listing = listingPayloadSchema.safeParse(listingInput);
  return listing.success ? { data: listing.data, issues: [] } : { issues: listing.error.issues };
}

/**
 * What the seller's form sends, flat: the listing's fields (listingSubmissionFields) and the
 * seller's. Every problem is reported at once, each under its field's name.
 */
export const listingSubmissionSchema = z
  .record(z.string(), z.unknown(), { error: `${E}.invalid` })
  .transform((input, ctx): SubmissionPayload => {
    const sellerInput: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(input)) if (SELLER_FIELD_NAMES.includes(key)) sellerInput[key] = value;
    const seller = sellerFieldsSchema.safeParse(sellerInput);
    const listing = listingSubmissionFields(input);
    for (const issue of [...(seller.error?.issues ?? []), ...listing.issues]) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
    if (!seller.success || !listing.data) return z.NEVER;
    return { listing: listing.data, seller: seller.data };
  });
export type ListingSubmissionInput = z.input<typeof listingSubmissionSchema>;

/** The category a "Post a listing" address names (`/sell?category=property`), if it names one. */
export function sellCategoryOf(value: string | null | undefined): Category | undefined {
  return (CATEGORIES as readonly string[]).includes(value ?? '') ? (value as Category) : undefined;
}

/**
 * The seller's form as typed (every field text, the consent box "on" when ticked) as the
 * submission the API takes: numbers as numbers, empty optional fields dropped, as the staff
 * form sends them. What does not parse stays as typed, so the schema names it.
 */
export function submissionFromForm(fields: Record<string, string>): Record<string, unknown> {
  const listingValues: Record<string, unknown> = { ...EMPTY_LISTING_FORM };
  for (const name of Object.keys(EMPTY_LISTING_FORM)) {
    if (typeof fields[name] === 'string') listingValues[name] = fields[name];
  }
  const category = sellCategoryOf(fields.category);
  const { is_active: _staffOnly, ...listing } = toListingPayload({
    ...(listingValues as ListingFormValues),
    category: category ?? 'product',
    is_active: true,
  }) as Record<string, unknown>;
  return {
    ...listing,
    // No category chosen: the schema says so rather than taking the form's default.
    category: category ?? fields.category ?? '',
    seller_name: fields.seller_name ?? '',
    seller_email: fields.seller_email ?? '',
    ...(fields.consent === 'on' ? { consent: true } : {}),
    ...(fields[HONEYPOT_FIELD] ? { [HONEYPOT_FIELD]: fields[HONEYPOT_FIELD] } : {}),
  };
}

/** The answer to a posted listing: one, whatever happened, so it tells nobody what is stored. */
export const submissionReceivedSchema = z.object({ status: z.literal('received'), message: z.string() });

/** Who moderates sellers' listings: editors and admins (docs/product.md#submissions). */
export const SUBMISSIONS_PERMISSION = 'write' satisfies Permission;
export const ADMIN_SUBMISSIONS_PAGE_SIZE = 20;
export const REJECT_REASON_MAX = 1000;

/** The queue's statuses staff see (an unconfirmed submission is not theirs yet). */
export const QUEUE_STATUSES = ['waiting', 'approved', 'rejected', 'spam'] as const;
export type QueueStatus = (typeof QUEUE_STATUSES)[number];

export const adminSubmissionQuerySchema = z.strictObject({
  status: z.enum(QUEUE_STATUSES, { message: 'listings.errors.notAnOption' }).default('waiting'),
  ...staffPagingFields(ADMIN_SUBMISSIONS_PAGE_SIZE),
});
export type AdminSubmissionQuery = z.output<typeof adminSubmissionQuerySchema>;

/** How far back the queue looks for the same photo, or the same title and phone. */
export const DUPLICATE_DAYS = 30;
export const DUPLICATE_FLAGS = ['same-photo', 'same-title-phone'] as const;
export type DuplicateFlag = (typeof DUPLICATE_FLAGS)[number];

/** A submission as staff see it in the queue. */
export const staffSubmissionSchema = z.object({
  id: z.string(),
  status: z.enum(SUBMISSION_STATUSES),
  /** The listing's fields as the seller sent them (the staff form's payload). */
  listing: z.record(z.string(), z.unknown()),
  imageUrls: z.array(z.string()),
  sellerName: z.string(),
  sellerEmail: z.string(),
  language: z.enum(['en', 'so']),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  rejectReason: z.string().nullable(),
  /** The listing an approval made, or the live listing a seller's edit changes. */
  listingId: z.string().nullable(),
  /** A seller's edit of a live listing (not a new listing). */
  editOf: z.string().nullable(),
  /** The seller's own link to the approved listing: working, turned off by staff, or none. */
  sellerLink: z.enum(['active', 'revoked']).nullable(),
  /** Looks like one posted before: the same photo, or the same title and phone, within DUPLICATE_DAYS. */
  flags: z.array(z.enum(DUPLICATE_FLAGS)),
});
export type StaffSubmission = z.infer<typeof staffSubmissionSchema>;

export const staffSubmissionPageSchema = z.object({
  items: z.array(staffSubmissionSchema),
  total: z.number(),
  /** Waiting submissions, whatever the page shows: the overview's count. */
  waiting: z.number(),
});
export type StaffSubmissionPage = z.infer<typeof staffSubmissionPageSchema>;

/**
 * A decision on a waiting submission. Approving may carry the listing as staff edited it in the
 * staff form (its photos a choice among the seller's, in the order staff want them).
 */
export const submissionDecisionSchema = z.discriminatedUnion(
  'decision',
  [
    z.strictObject({ decision: z.literal('approve'), listing: z.unknown().optional() }),
    z.strictObject({
      decision: z.literal('reject'),
      reason: multiLine(
        z
          .string({ error: 'adminSubmissions.errors.reasonRequired' })
          .trim()
          .min(1, 'adminSubmissions.errors.reasonRequired')
          .max(REJECT_REASON_MAX, 'adminSubmissions.errors.reasonTooLong'),
      ),
    }),
    z.strictObject({ decision: z.literal('spam') }),
  ],
  { error: () => 'adminSubmissions.errors.unknownDecision' },
);
export type SubmissionDecision = z.input<typeof submissionDecisionSchema>;
