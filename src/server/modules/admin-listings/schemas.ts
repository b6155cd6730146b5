import { z } from 'zod';
import { CATEGORIES, PRODUCT_CONDITIONS, PROPERTY_TYPES } from '../../../shared/categories';

/** A listing as the admin API returns it (spec §3). */
export const adminListingSchema = z.object({
  id: z.string(),
  category: z.enum(CATEGORIES),
  subcategory: z.string(),
  title: z.string(),
  description: z.string(),
  price: z.number(),
  location: z.string().nullable(),
  whatsapp_number: z.string(),
  image_urls: z.array(z.string()),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  product_condition: z.enum(PRODUCT_CONDITIONS).nullable(),
  bedrooms: z.number().nullable(),
  bathrooms: z.number().nullable(),
  square_feet: z.number().nullable(),
  property_type: z.enum(PROPERTY_TYPES).nullable(),
  monthly_revenue: z.number().nullable(),
  years_established: z.number().nullable(),
  business_type: z.string().nullable(),
  country: z.string().nullable(),
  visa_type: z.string().nullable(),
  processing_time: z.string().nullable(),
  requirements: z.string().nullable(),
});

export const listingIdParams = z.strictObject({ id: z.uuid({ message: 'admin.listingForm.errors.notFound' }) });

export const listingListQuery = z.strictObject({
  status: z.enum(['active', 'inactive', 'all']).default('active'),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const listingStatusBody = z.strictObject({
  is_active: z.boolean({ message: 'admin.listingForm.errors.mustBeBoolean' }),
});
