import { z } from 'zod';
import {
  CATEGORIES,
  type Category,
  isCategory,
  LISTING_TYPES,
  type ListingType,
  PRODUCT_CONDITIONS,
  PROPERTY_TYPES,
  RENT_PERIODS,
  type RentPeriod,
  SUBCATEGORIES,
} from './categories';
import { detectImageKind } from './image-kind';
import { multiLine, singleLine } from './text-rules';

/** Spec §5 / §9 image rules: 10 MB (the enforced check), JPEG, PNG or WebP. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGES_PER_LISTING = 10;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'] as const;
export const MAX_PRICE = 999_999_999_999;

/** The category-specific fields of spec §3; a listing keeps only its own category's. */
export const CATEGORY_FIELDS = {
  product: ['product_condition'],
  property: ['bedrooms', 'bathrooms', 'square_feet', 'property_type', 'listing_type', 'rent_period'],
  business: ['monthly_revenue', 'years_established', 'business_type'],
  visa: ['country', 'visa_type', 'processing_time', 'requirements'],
} as const satisfies Record<Category, readonly string[]>;
const ALL_CATEGORY_FIELDS = Object.values(CATEGORY_FIELDS).flat();

const E = 'admin.listingForm.errors';
const text = (max: number, lines: typeof singleLine = singleLine) =>
  lines(
    z
      .string({ message: `${E}.mustBeText` })
      .trim()
      .max(max, `${E}.tooLong`),
  )
    .nullish()
    .transform((v) => (v ? v : null));
/**
 * Amounts are stored with two decimals (cents, spec: price step 0.01). More decimals are
 * refused rather than rounded, so 0.001 is not silently stored as a price of 0.
 */
const atMostTwoDecimals = (v: number) => /^-?\d+(\.\d{1,2})?$/.test(String(v));
const count = (max: number) =>
  z
    .number({ message: `${E}.mustBeNumber` })
    .int(`${E}.wholeNumber`)
    .min(0, `${E}.notNegative`)
    .max(max, `${E}.tooLarge`)
    .nullish()
    .transform((v) => v ?? null);

/**
 * The rules that depend on the category (spec §5, and a property's sale or rent). They run
 * even when other fields already failed, so the first submit names every missing field; the
 * value may therefore be partly invalid, and each rule checks what it reads.
 */
function checkCategoryRules(v: Record<string, unknown>, ctx: z.RefinementCtx) {
  const issue = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
  if (!isCategory(v.category)) return;
  const category = v.category;
  if (
    typeof v.subcategory === 'string' &&
    v.subcategory &&
    !(SUBCATEGORIES[category] as readonly string[]).includes(v.subcategory)
  ) {
    issue('subcategory', `${E}.subcategoryRequired`);
  }
  if ((category === 'property' || category === 'business') && !v.location) issue('location', `${E}.locationRequired`);
  if (category === 'visa' && !v.country) issue('country', `${E}.countryRequired`);
  if (category === 'visa' && !v.requirements) issue('requirements', `${E}.requirementsRequired`);
  if (category === 'property' && !v.listing_type) issue('listing_type', `${E}.listingTypeRequired`);
  if (category === 'property' && v.listing_type === 'rent' && !v.rent_period) {
    issue('rent_period', `${E}.rentPeriodRequired`);
  }
}

/**
 * A listing as staff send it (create and edit). The messages are catalog keys shown by
 * the form and by the server alike.
 */
export const listingPayloadSchema = z
  .strictObject({
    category: z.enum(CATEGORIES, { message: `${E}.categoryRequired` }),
    subcategory: singleLine(z.string({ message: `${E}.subcategoryRequired` }).min(1, `${E}.subcategoryRequired`)),
    title: singleLine(
      z
        .string({ message: `${E}.titleRequired` })
        .trim()
        .min(1, `${E}.titleRequired`)
        .max(200, `${E}.tooLong`),
    ),
    description: multiLine(
      z
        .string({ message: `${E}.descriptionRequired` })
        .trim()
        .min(1, `${E}.descriptionRequired`)
        .max(5000, `${E}.tooLong`),
    ),
    price: z
      .number({ message: `${E}.priceRequired` })
      .gt(0, `${E}.priceRequired`)
      .max(MAX_PRICE, `${E}.tooLarge`)
      .refine(atMostTwoDecimals, `${E}.tooManyDecimals`),
    location: text(200),
    whatsapp_number: z
      .string({ message: `${E}.whatsappRequired` })
      .trim()
      .min(1, `${E}.whatsappRequired`)
      .max(32, `${E}.tooLong`)
      .regex(/^[+\d\s().-]*$/, `${E}.whatsappInvalid`)
      .refine((v) => v.replace(/\D/g, '').length >= 7, `${E}.whatsappInvalid`),
    is_active: z.boolean({ message: `${E}.mustBeBoolean` }).optional(),
    /** On edit: the current images to keep, in order; new files are appended. */
    image_urls: z
      .array(singleLine(z.string().max(500)), { message: `${E}.invalid` })
      .max(MAX_IMAGES_PER_LISTING)
      .optional(),
    product_condition: z.enum(PRODUCT_CONDITIONS, { message: `${E}.invalid` }).nullish(),
    bedrooms: count(1000),
    bathrooms: count(1000),
    square_feet: count(10_000_000),
    property_type: z.enum(PROPERTY_TYPES, { message: `${E}.invalid` }).nullish(),
    listing_type: z.enum(LISTING_TYPES, { message: `${E}.invalid` }).nullish(),
    rent_period: z.enum(RENT_PERIODS, { message: `${E}.invalid` }).nullish(),
    monthly_revenue: z
      .number({ message: `${E}.mustBeNumber` })
      .min(0, `${E}.notNegative`)
      .max(MAX_PRICE, `${E}.tooLarge`)
      .refine(atMostTwoDecimals, `${E}.tooManyDecimals`)
      .nullish(),
    years_established: count(100),
    business_type: text(100),
    country: text(100),
    visa_type: text(100),
    processing_time: text(100),
    requirements: text(5000, multiLine),
  })
  // `when`: also after a base field failed, so every problem shows at once.
  .superRefine((v, ctx) => checkCategoryRules(v as Record<string, unknown>, ctx), { when: () => true })
  .transform((v) => {
    // Fields of another category are cleared, so a listing never carries stale extras.
    const own = CATEGORY_FIELDS[v.category] as readonly string[];
    const out: Record<string, unknown> = { ...v };
    for (const field of ALL_CATEGORY_FIELDS) if (!own.includes(field)) out[field] = null;
    // A sale has no rent period.
    if (out.listing_type !== 'rent') out.rent_period = null;
    for (const [key, value] of Object.entries(out)) if (value === undefined) out[key] = null;
    return out as ListingPayloadShape;
  });

type ListingPayloadShape = {
  category: Category;
  subcategory: string;
  title: string;
  description: string;
  price: number;
  location: string | null;
  whatsapp_number: string;
  is_active: boolean | null;
  image_urls: string[] | null;
  product_condition: (typeof PRODUCT_CONDITIONS)[number] | null;
  bedrooms: number | null;
  bathrooms: number | null;
  square_feet: number | null;
  property_type: (typeof PROPERTY_TYPES)[number] | null;
  listing_type: ListingType | null;
  rent_period: RentPeriod | null;
  monthly_revenue: number | null;
  years_established: number | null;
  business_type: string | null;
  country: string | null;
  visa_type: string | null;
  processing_time: string | null;
  requirements: string | null;
};
export type ListingPayload = z.output<typeof listingPayloadSchema>;
export type ListingPayloadInput = z.input<typeof listingPayloadSchema>;

/** What the form holds: every input is text (or a checkbox). */
export interface ListingFormValues {
  category: Category;
  subcategory: string;
  title: string;
  description: string;
  price: string;
  location: string;
  whatsapp_number: string;
  is_active: boolean;
  product_condition: string;
  bedrooms: string;
  bathrooms: string;
  square_feet: string;
  property_type: string;
  listing_type: string;
  rent_period: string;
  monthly_revenue: string;
  years_established: string;
  business_type: string;
  country: string;
  visa_type: string;
  processing_time: string;
  requirements: string;
}

const NUMBER_FIELDS = ['price', 'bedrooms', 'bathrooms', 'square_feet', 'monthly_revenue', 'years_established'];

/**
 * Spec §5, on submit: numeric fields become numbers (null when empty) and empty optional
 * fields are dropped from the payload. A number that does not parse stays text, so the
 * schema reports it.
 */
export function toListingPayload(values: ListingFormValues, imageUrls?: string[]): ListingPayloadInput {
  const own = CATEGORY_FIELDS[values.category] as readonly string[];
  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(values)) {
    if ((ALL_CATEGORY_FIELDS as readonly string[]).includes(key) && !own.includes(key)) continue;
    if (typeof raw === 'boolean') {
      out[key] = raw;
      continue;
    }
    const value = String(raw ?? '').trim();
    if (NUMBER_FIELDS.includes(key)) {
      if (value === '') {
        if (key === 'price') out[key] = null;
        continue;
      }
      const n = Number(value);
      out[key] = Number.isFinite(n) ? n : value;
      continue;
    }
    if (value === '' && !['title', 'description', 'whatsapp_number', 'subcategory'].includes(key)) continue;
    out[key] = value;
  }
  if (imageUrls) out.image_urls = imageUrls;
  return out as ListingPayloadInput;
}

export const EMPTY_LISTING_FORM: ListingFormValues = {
  category: 'product',
  subcategory: '',
  title: '',
  description: '',
  price: '',
  location: '',
  whatsapp_number: '',
  is_active: true,
  product_condition: '',
  bedrooms: '',
  bathrooms: '',
  square_feet: '',
  property_type: '',
  listing_type: '',
  rent_period: '',
  monthly_revenue: '',
  years_established: '',
  business_type: '',
  country: '',
  visa_type: '',
  processing_time: '',
  requirements: '',
};

/** Spec §5 image checks in the browser, by size and declared type; the server checks the content again (D6). */
export function imageFileProblem(file: { size: number; type: string }) {
  if (file.size > MAX_IMAGE_BYTES) return `${E}.imageTooLarge` as const;
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return `${E}.imageType` as const;
  return null;
}

/** The server's content check, made in the browser too: a text file named .jpg is not an image. */
export function imageContentProblem(firstBytes: Uint8Array) {
  return detectImageKind(firstBytes) ? null : (`${E}.imageContent` as const);
}
