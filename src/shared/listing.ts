import type { Category, ListingType, ProductCondition, PropertyType, RentPeriod } from './categories';

/** A listing as the API returns it (spec §3). Optional fields are null when not set. */
export interface Listing {
  id: string;
  category: Category;
  subcategory: string;
  title: string;
  description: string;
  price: number;
  location: string | null;
  whatsapp_number: string;
  image_urls: string[];
  is_active: boolean;
  created_at: string;
  updated_at: string;
  product_condition: ProductCondition | null;
  bedrooms: number | null;
  bathrooms: number | null;
  square_feet: number | null;
  property_type: PropertyType | null;
  listing_type: ListingType | null;
  rent_period: RentPeriod | null;
  monthly_revenue: number | null;
  years_established: number | null;
  business_type: string | null;
  country: string | null;
  visa_type: string | null;
  processing_time: string | null;
  requirements: string | null;
}

/** The editable fields of a listing. */
export type ListingFields = Omit<Listing, 'id' | 'created_at' | 'updated_at'>;
