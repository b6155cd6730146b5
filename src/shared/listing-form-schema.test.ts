import { describe, expect, it } from 'vitest';
import { createTranslator, type MessageKey } from './i18n';
import {
  EMPTY_LISTING_FORM,
  imageContentProblem,
  imageFileProblem,
  type ListingFormValues,
  listingPayloadSchema,
  toListingPayload,
} from './listing-form-schema';

const t = createTranslator('en');
const base: ListingFormValues = {
  ...EMPTY_LISTING_FORM,
  category: 'product',
  subcategory: 'phones',
  title: 'Phone',
  description: 'Good',
  price: '100',
  whatsapp_number: '0712345678',
};

function firstMessages(values: Partial<ListingFormValues>): Record<string, string> {
  const result = listingPayloadSchema.safeParse(toListingPayload({ ...base, ...values }));
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[String(issue.path[0])] ??= t(issue.message as MessageKey);
  return out;
}

describe('listing form rules', () => {
  it.each([
    ['title required', { title: '  ' }, 'title', 'Title is required'],
    ['description required', { description: '' }, 'description', 'Description is required'],
    ['price required', { price: '' }, 'price', 'Valid price is required'],
    ['price must be > 0', { price: '0' }, 'price', 'Valid price is required'],
    ['price must be a number', { price: 'abc' }, 'price', 'Valid price is required'],
    ['WhatsApp required', { whatsapp_number: '' }, 'whatsapp_number', 'WhatsApp number is required'],
    [
      'location required for property',
      { category: 'property', subcategory: 'land' },
      'location',
      'Location is required',
    ],
    [
      'location required for business',
      { category: 'business', subcategory: 'retail' },
      'location',
      'Location is required',
    ],
    [
      'country required for visa',
      { category: 'visa', subcategory: 'work', requirements: 'x' },
      'country',
      'Country is required',
    ],
    [
      'requirements required for visa',
      { category: 'visa', subcategory: 'work', country: 'UK' },
      'requirements',
      'Requirements are required',
    ],
    [
      'years established at most 100',
      { category: 'business', subcategory: 'retail', location: 'X', years_established: '101' },
      'years_established',
      'This number is too large',
    ],
    [
      'bedrooms not negative',
      { category: 'property', subcategory: 'land', location: 'X', listing_type: 'sale', bedrooms: '-1' },
      'bedrooms',
      'Must not be negative',
    ],
  ] as const)('%s', (_name, values, field, message) => {
    expect(firstMessages(values)[field]).toBe(message);
  });

  it.each([
    ['property', ['subcategory', 'title', 'description', 'price', 'whatsapp_number', 'location', 'listing_type']],
    ['business', ['subcategory', 'title', 'description', 'price', 'whatsapp_number', 'location']],
    ['visa', ['subcategory', 'title', 'description', 'price', 'whatsapp_number', 'country', 'requirements']],
    ['product', ['subcategory', 'title', 'description', 'price', 'whatsapp_number']],
  ] as const)('an empty %s form names every missing field at once', (category, fields) => {
    const result = listingPayloadSchema.safeParse(toListingPayload({ ...EMPTY_LISTING_FORM, category }));
    expect(result.success).toBe(false);
    expect(new Set(result.error?.issues.map((i) => String(i.path[0])))).toEqual(new Set(fields));
  });

  it.each([
    [
      'a property needs sale or rent',
      { category: 'property', subcategory: 'land', location: 'X' },
      'listing_type',
      'Choose For sale or For rent',
    ],
    [
      'a rent needs its period',
      { category: 'property', subcategory: 'land', location: 'X', listing_type: 'rent' },
      'rent_period',
      'Choose per month or per year',
    ],
    [
      'an unknown listing type',
      { category: 'property', subcategory: 'land', location: 'X', listing_type: 'swap' },
      'listing_type',
      'This value is not valid',
    ],
  ] as const)('%s', (_name, values, field, message) => {
    expect(firstMessages(values)[field]).toBe(message);
  });

  it('keeps the rent period of a rent only, and no listing type outside real estate', () => {
    const property = { ...base, category: 'property' as const, subcategory: 'apartment', location: 'Karen' };
    const rent = listingPayloadSchema.parse(
      toListingPayload({ ...property, listing_type: 'rent', rent_period: 'year' }),
    );
    expect([rent.listing_type, rent.rent_period]).toEqual(['rent', 'year']);
    const sale = listingPayloadSchema.parse(
      toListingPayload({ ...property, listing_type: 'sale', rent_period: 'year' }),
    );
    expect([sale.listing_type, sale.rent_period]).toEqual(['sale', null]);
    const product = listingPayloadSchema.parse({
      ...toListingPayload(base),
      listing_type: 'rent',
      rent_period: 'month',
    });
    expect([product.listing_type, product.rent_period]).toEqual([null, null]);
  });

  it.each([
    ['product without location', {}],
    [
      'visa without location',
      { category: 'visa' as const, subcategory: 'work', country: 'UK', requirements: 'Passport' },
    ],
    ['price with decimals', { price: '99.50' }],
  ])('accepts %s', (_name, values) => {
    expect(firstMessages(values)).toEqual({});
  });

  it('drops empty optional fields, converts numbers and drops other categories’ fields on submit', () => {
    const payload = toListingPayload({
      ...base,
      category: 'property',
      subcategory: 'land',
      location: ' Karen ',
      listing_type: 'sale',
      bedrooms: '3',
      bathrooms: '',
      product_condition: 'new',
    });
    expect(payload).toEqual({
      category: 'property',
      subcategory: 'land',
      title: 'Phone',
      description: 'Good',
      price: 100,
      location: 'Karen',
      whatsapp_number: '0712345678',
      is_active: true,
      listing_type: 'sale',
      bedrooms: 3,
    });
    const parsed = listingPayloadSchema.parse(payload);
    expect(parsed.bathrooms).toBeNull();
    expect(parsed.product_condition).toBeNull();
  });

  it.each([
    [{ size: 1000, type: 'image/jpeg' }, null],
    [{ size: 1000, type: 'image/jpg' }, null],
    [{ size: 1000, type: 'image/png' }, null],
    [{ size: 1000, type: 'image/webp' }, null],
    [{ size: 10 * 1024 * 1024, type: 'image/jpeg' }, null],
    [{ size: 10 * 1024 * 1024 + 1, type: 'image/jpeg' }, 'File size must be less than 10MB'],
    [{ size: 1000, type: 'image/gif' }, 'Only JPG, PNG, and WebP images are allowed'],
    [{ size: 1000, type: 'application/pdf' }, 'Only JPG, PNG, and WebP images are allowed'],
  ])('image %j → %s', (file, message) => {
    const problem = imageFileProblem(file);
    expect(problem === null ? null : t(problem)).toBe(message);
  });

  it.each([
    ['a JPEG', [0xff, 0xd8, 0xff, 0xe0, 0, 0x10], null],
    ['a PNG', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0], null],
    ['a WebP', [...new TextEncoder().encode('RIFF'), 0, 0, 0, 0, ...new TextEncoder().encode('WEBP')], null],
    [
      'text named .jpg',
      [...new TextEncoder().encode('hello, not a photo')],
      'This file is not a JPG, PNG or WebP image, whatever its name says',
    ],
    [
      'a GIF',
      [...new TextEncoder().encode('GIF89a')],
      'This file is not a JPG, PNG or WebP image, whatever its name says',
    ],
    ['an empty file', [], 'This file is not a JPG, PNG or WebP image, whatever its name says'],
  ])('content of %s → %s', (_name, bytes, message) => {
    const problem = imageContentProblem(new Uint8Array(bytes));
    expect(problem === null ? null : t(problem)).toBe(message);
  });
});
