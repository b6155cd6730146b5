import { z } from 'zod';
import type { Category } from './categories';
import { detectImageKind } from './image-kind';
import {
  ALL_CATEGORY_FIELDS,
  CATEGORY_FIELDS,
  LISTING_FIELDS,
  type Listing,
  type ListingFieldName,
  type ListingFields,
  NUMBER_FIELDS,
  sentListingSchema,
} from './listing';
import { singleLine } from './text-rules';

/** Image rules: 10 MB (the enforced check), JPEG, PNG or WebP (docs/product.md#images-in-the-form). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGES_PER_LISTING = 10;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'] as const;

const E = 'admin.listingForm.errors';

/** What staff send besides the listing's fields: whether it shows, and on edit the images it keeps. */
const STAFF_FIELDS = {
  is_active: z.boolean({ message: `${E}.mustBeBoolean` }).optional(),
  /** On edit: the current images to keep, in order; new files are appended. */
  image_urls: z
    .array(singleLine(z.string().max(500)), { message: `${E}.invalid` })
    .max(MAX_IMAGES_PER_LISTING)
    .optional(),
};

/** A rent is quoted per month or per year; checked even when other fields failed, so every problem shows at once. */
function checkRentPeriod(v: { listing_type?: unknown; rent_period?: unknown }, ctx: z.RefinementCtx) {
  if (v.listing_type === 'rent' && !v.rent_period) {
    ctx.addIssue({ code: 'custom', path: ['rent_period'], message: `${E}.rentPeriodRequired` });
  }
}

/** What the server stores from a payload: the listing's fields (another category's empty), and the staff fields. */
export type ListingPayload = ListingFields & { is_active: boolean | null; image_urls: string[] | null };

/**
 * A listing as staff send it (create and edit), one schema per category (listing.ts). The
 * messages are catalog keys shown by the form and by the server alike.
 */
export const listingPayloadSchema = z
  .discriminatedUnion(
    'category',
    [
      sentListingSchema('product').extend(STAFF_FIELDS),
      sentListingSchema('property')
        .extend(STAFF_FIELDS)
        .superRefine(checkRentPeriod, { when: () => true }),
      sentListingSchema('business').extend(STAFF_FIELDS),
      sentListingSchema('visa').extend(STAFF_FIELDS),
    ],
    { error: () => `${E}.categoryRequired` },
  )
  .transform((v): ListingPayload => {
    const own: readonly string[] = CATEGORY_FIELDS[v.category];
    const out: Record<string, unknown> = { ...(v as Record<string, unknown>) };
    // Fields of another category are cleared, so a listing never carries stale extras.
    for (const field of ALL_CATEGORY_FIELDS) if (!own.includes(field)) out[field] = null;
    // A sale has no rent period.
    if (out.listing_type !== 'rent') out.rent_period = null;
    for (const [key, value] of Object.entries(out)) if (value === undefined) out[key] = null;
    return out as ListingPayload;
  });
export type ListingPayloadInput = z.input<typeof listingPayloadSchema>;

/** What the form holds: every input is text, the category a choice, `is_active` a checkbox. */
export type ListingFormValues = { category: Category; is_active: boolean } & {
  [K in Exclude<ListingFieldName, 'category'>]: string;
};

/** What the form always sends, even empty, so the schema names it as missing. */
const ALWAYS_SENT: readonly string[] = ['subcategory', 'title', 'description', 'price', 'whatsapp_number'];

/**
 * On submit: numeric fields become numbers (null when empty) and empty optional fields are
 * dropped from the payload, as are other categories' fields. A number that does not parse
 * stays text, so the schema reports it.
 */
export function toListingPayload(values: ListingFormValues, imageUrls?: string[]): ListingPayloadInput {
  const own: readonly string[] = CATEGORY_FIELDS[values.category];
  const out: Record<string, unknown> = { category: values.category, is_active: values.is_active };
  for (const key of LISTING_FIELDS) {
    if (key === 'category' || ((ALL_CATEGORY_FIELDS as readonly string[]).includes(key) && !own.includes(key)))
      continue;
    const value = values[key].trim();
    if (value === '') {
      if (ALWAYS_SENT.includes(key)) out[key] = (NUMBER_FIELDS as readonly string[]).includes(key) ? null : value;
      continue;
    }
    const n = Number(value);
    out[key] = (NUMBER_FIELDS as readonly string[]).includes(key) && Number.isFinite(n) ? n : value;
  }
  if (imageUrls) out.image_urls = imageUrls;
  return out as ListingPayloadInput;
}

/** A listing's values in the form; a new listing starts as an empty product. */
export function listingFormValues(listing: Listing | null): ListingFormValues {
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  const fields = Object.fromEntries(LISTING_FIELDS.map((name) => [name, text(listing?.[name])]));
  return {
    ...fields,
    category: listing?.category ?? 'product',
    is_active: listing?.is_active ?? true,
  } as ListingFormValues;
}

export const EMPTY_LISTING_FORM: ListingFormValues = listingFormValues(null);

/** Image checks in the browser, by size and declared type; the server checks the content again. */
export function imageFileProblem(file: { size: number; type: string }) {
  if (file.size > MAX_IMAGE_BYTES) return `${E}.imageTooLarge` as const;
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return `${E}.imageType` as const;
  return null;
}

/** The server's content check, made in the browser too: a text file named .jpg is not an image. */
export function imageContentProblem(firstBytes: Uint8Array) {
  return detectImageKind(firstBytes) ? null : (`${E}.imageContent` as const);
}
