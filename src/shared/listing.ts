import { z } from 'zod';
import {
  type Category,
  LISTING_TYPES,
  PRODUCT_CONDITIONS,
  PROPERTY_TYPES,
  RENT_PERIODS,
  SUBCATEGORIES,
  type Subcategory,
} from './categories';
import type { MessageKey } from './i18n';
import { multiLine, singleLine } from './text-rules';
import { fitsE164, PHONE_TOO_MANY_DIGITS_MESSAGE } from './whatsapp';

/**
 * The listing, declared once (docs/product.md#listing-data): the fields every listing has,
 * each category's own fields, and per field how it is stored and returned (`stored`) and how
 * staff send it (`sent`, with the form's messages; an empty value becomes null). From these
 * come one schema per category (a union on `category`) for the public and the staff API, the
 * staff payload and the form's values (listing-form-schema.ts), the column lists
 * (src/server/db/listing-columns.ts) and the demo content's types.
 */

const E = 'admin.listingForm.errors';
export const MAX_PRICE = 999_999_999_999;

interface FieldRule<Stored extends z.ZodType = z.ZodType, Sent extends z.ZodType = z.ZodType> {
  stored: Stored;
  sent: Sent;
  /** The form holds it as a number typed as text. */
  number?: true;
}

const optionalText = (max: number, lines: typeof singleLine = singleLine) => ({
  stored: z.string().nullable(),
  sent: lines(
    z
      .string({ message: `${E}.mustBeText` })
      .trim()
      .max(max, `${E}.tooLong`),
  )
    .nullish()
    .transform((v) => (v ? v : null)),
});
const count = (max: number) => ({
  stored: z.number().int().nullable(),
  sent: z
    .number({ message: `${E}.mustBeNumber` })
    .int(`${E}.wholeNumber`)
    .min(0, `${E}.notNegative`)
    .max(max, `${E}.tooLarge`)
    .nullish()
    .transform((v) => v ?? null),
  number: true as const,
});
const choice = <const T extends readonly [string, ...string[]]>(values: T) => ({
  stored: z.enum(values).nullable(),
  sent: z
    .enum(values, { message: `${E}.invalid` })
    .nullish()
    .transform((v) => v ?? null),
});
/**
 * Amounts are stored with two decimals (cents, price step 0.01). More decimals are refused
 * rather than rounded, so 0.001 is not silently stored as a price of 0.
 */
const atMostTwoDecimals = (v: number) => /^-?\d+(\.\d{1,2})?$/.test(String(v));

/** What every listing has besides its category and subcategory. */
const BASE_FIELDS = {
  title: {
    stored: z.string(),
    sent: singleLine(
      z
        .string({ message: `${E}.titleRequired` })
        .trim()
        .min(1, `${E}.titleRequired`)
        .max(200, `${E}.tooLong`),
    ),
  },
  description: {
    stored: z.string(),
    sent: multiLine(
      z
        .string({ message: `${E}.descriptionRequired` })
        .trim()
        .min(1, `${E}.descriptionRequired`)
        .max(5000, `${E}.tooLong`),
    ),
  },
  price: {
    stored: z.number(),
    sent: z
      .number({ message: `${E}.priceRequired` })
      .gt(0, `${E}.priceRequired`)
      .max(MAX_PRICE, `${E}.tooLarge`)
      .refine(atMostTwoDecimals, `${E}.tooManyDecimals`),
    number: true,
  },
  location: optionalText(200),
  whatsapp_number: {
    stored: z.string(),
    sent: z
      .string({ message: `${E}.whatsappRequired` })
      .trim()
      .min(1, `${E}.whatsappRequired`)
      .max(32, `${E}.tooLong`)
      .regex(/^[+\d\s().-]*$/, `${E}.whatsappInvalid`)
      .refine((v) => v.replace(/\D/g, '').length >= 7, `${E}.whatsappInvalid`)
      .refine(fitsE164, PHONE_TOO_MANY_DIGITS_MESSAGE),
  },
} as const satisfies Record<string, FieldRule>;

/** Each category's own fields; a listing of another category holds them empty (null). */
const OWN_FIELDS = {
  product: { product_condition: choice(PRODUCT_CONDITIONS) },
  property: {
    bedrooms: count(1000),
    bathrooms: count(1000),
    square_feet: count(10_000_000),
    property_type: choice(PROPERTY_TYPES),
    listing_type: choice(LISTING_TYPES),
    rent_period: choice(RENT_PERIODS),
  },
  business: {
    monthly_revenue: {
      stored: z.number().nullable(),
      sent: z
        .number({ message: `${E}.mustBeNumber` })
        .min(0, `${E}.notNegative`)
        .max(MAX_PRICE, `${E}.tooLarge`)
        .refine(atMostTwoDecimals, `${E}.tooManyDecimals`)
        .nullish()
        .transform((v) => v ?? null),
      number: true,
    },
    years_established: count(100),
    business_type: optionalText(100),
  },
  visa: {
    country: optionalText(100),
    visa_type: optionalText(100),
    processing_time: optionalText(100),
    requirements: optionalText(5000, multiLine),
  },
} as const satisfies Record<Category, Record<string, FieldRule>>;

type OwnFields = typeof OWN_FIELDS;
/** A field of one category, or of any. */
export type CategoryFieldName<C extends Category = Category> = C extends Category ? keyof OwnFields[C] & string : never;
/** Every field of a listing that staff write (besides whether it shows and its photos). */
export type ListingFieldName = 'category' | 'subcategory' | keyof typeof BASE_FIELDS | CategoryFieldName;

const FIELD_RULES: Record<Exclude<ListingFieldName, 'category' | 'subcategory'>, FieldRule> = Object.assign(
  {},
  BASE_FIELDS,
  ...Object.values(OWN_FIELDS),
);

/** Each category's own fields, by name. */
export const CATEGORY_FIELDS = Object.fromEntries(
  Object.entries(OWN_FIELDS).map(([category, fields]) => [category, Object.keys(fields)]),
) as unknown as { [C in Category]: readonly CategoryFieldName<C>[] };
export const ALL_CATEGORY_FIELDS = Object.values(CATEGORY_FIELDS).flat() as readonly CategoryFieldName[];
/** Every field, in one order: the columns of every INSERT and UPDATE. */
export const LISTING_FIELDS = [
  'category',
  'subcategory',
  ...(Object.keys(BASE_FIELDS) as (keyof typeof BASE_FIELDS)[]),
  ...ALL_CATEGORY_FIELDS,
] as const satisfies readonly ListingFieldName[];
/** The fields the form holds as numbers. */
export const NUMBER_FIELDS = LISTING_FIELDS.filter(
  (name) => name in FIELD_RULES && FIELD_RULES[name as keyof typeof FIELD_RULES].number,
);

type StoredOf<R extends Record<string, FieldRule>> = { [K in keyof R]: R[K]['stored'] };
type EmptyExcept<C extends Category> = { [K in Exclude<CategoryFieldName, CategoryFieldName<C>>]: z.ZodNull };

const mapRules = <R extends Record<string, FieldRule>, P extends 'stored' | 'sent'>(rules: R, part: P) =>
  Object.fromEntries(Object.entries(rules).map(([name, rule]) => [name, rule[part]])) as {
    [K in keyof R]: R[K][P];
  };

function emptyExcept<C extends Category>(category: C): EmptyExcept<C> {
  const own: readonly string[] = CATEGORY_FIELDS[category];
  return Object.fromEntries(
    ALL_CATEGORY_FIELDS.filter((name) => !own.includes(name)).map((name) => [name, z.null()]),
  ) as EmptyExcept<C>;
}

/** A stored listing of one category: its fields, the others empty. */
function storedFields<C extends Category>(category: C) {
  return {
    category: z.literal(category),
    subcategory: z.enum(SUBCATEGORIES[category] as readonly string[] as [Subcategory<C>, ...Subcategory<C>[]]),
    ...(mapRules(BASE_FIELDS, 'stored') as StoredOf<typeof BASE_FIELDS>),
    ...emptyExcept(category),
    ...(mapRules(OWN_FIELDS[category], 'stored') as StoredOf<OwnFields[C]>),
  };
}

/**
 * Whether a listing can still be had (decision 0047): active ones are in the public results,
 * sold ones stay reachable with a "Sold" mark, expired ones passed their expiry date.
 */
export const AVAILABILITIES = ['active', 'sold', 'expired'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

/**
 * What the API adds to the fields: the id, the photos, when it was listed, and the trust
 * marks staff set (availability, featured, and when the office verified it and what it checked).
 */
const RECORD = {
  id: z.uuid(),
  image_urls: z.array(z.string()),
  created_at: z.string(),
  availability: z.enum(AVAILABILITIES),
  featured: z.boolean(),
  verified_at: z.string().nullable(),
  verification_note: z.string().nullable(),
};
/** What only staff see: whether it shows at all, its expiry day and who verified it. */
const STAFF_ONLY = {
  is_active: z.boolean(),
  updated_at: z.string(),
  expires_on: z.string().nullable(),
  verified_by: z.string().nullable(),
};

/** One schema per category, each with the fields every listing has and its own. */
const listingSchemas = <X extends z.ZodRawShape>(extra: X) =>
  [
    z.object({ ...RECORD, ...storedFields('product'), ...extra }),
    z.object({ ...RECORD, ...storedFields('property'), ...extra }),
    z.object({ ...RECORD, ...storedFields('business'), ...extra }),
    z.object({ ...RECORD, ...storedFields('visa'), ...extra }),
  ] as const;

/** A listing as the public API returns it; another category's fields are null. */
export const publicListingSchema = z.discriminatedUnion('category', listingSchemas({}));
export type PublicListing = z.infer<typeof publicListingSchema>;

/** A listing as staff see it: the public one, active or not, with when it last changed. */
export const staffListingSchema = z.discriminatedUnion('category', listingSchemas(STAFF_ONLY));
export type Listing = z.infer<typeof staffListingSchema>;

/** The fields of a listing, without what the API adds; per category. */
export type ListingFields<C extends Category = Category> = C extends Category
  ? Omit<Extract<PublicListing, { category: C }>, keyof typeof RECORD>
  : never;

/** Every category's own fields, empty: what a listing of another category holds. */
export const NO_CATEGORY_FIELDS = Object.fromEntries(ALL_CATEGORY_FIELDS.map((name) => [name, null])) as {
  [K in CategoryFieldName]: null;
};

/** Fields a category requires that others may leave empty, with the message when one is missing. */
const REQUIRED: { [C in Category]: Partial<Record<ListingFieldName, MessageKey>> } = {
  product: {},
  property: { location: `${E}.locationRequired`, listing_type: `${E}.listingTypeRequired` },
  business: { location: `${E}.locationRequired` },
  visa: { country: `${E}.countryRequired`, requirements: `${E}.requirementsRequired` },
};

const SENT_FIELDS = mapRules(FIELD_RULES, 'sent');

/**
 * What staff send for a listing of one category. Fields of other categories are checked
 * too and then cleared, so a listing never carries stale extras.
 */
export function sentListingSchema<C extends Category>(category: C) {
  const subcategories: readonly string[] = SUBCATEGORIES[category];
  const required = Object.fromEntries(
    Object.entries(REQUIRED[category]).map(([name, message]) => [
      name,
      SENT_FIELDS[name as keyof typeof SENT_FIELDS].refine((value) => value !== null, message),
    ]),
  );
  return z.strictObject({
    ...SENT_FIELDS,
    category: z.literal(category),
    subcategory: singleLine(
      z.string({ message: `${E}.subcategoryRequired` }).min(1, `${E}.subcategoryRequired`),
    ).refine((value) => value === '' || subcategories.includes(value), `${E}.subcategoryRequired`),
    ...required,
  });
}
