import type { Category } from '../../../shared/categories';
import type { Listing } from '../../../shared/listing';

/** The colour family of a seed picture: one per listing category, plus the blog's own. */
export type SeedPalette = Category | 'blog';

/** The vector drawing in the middle of a seed picture (see images.ts). */
export type SeedMotif =
  | 'phone'
  | 'phone-case'
  | 'laptop'
  | 'tv'
  | 'speaker'
  | 'camera'
  | 'headphones'
  | 'watch'
  | 'handbag'
  | 'dress'
  | 'apartment'
  | 'house'
  | 'shop'
  | 'office'
  | 'warehouse'
  | 'land'
  | 'restaurant'
  | 'cart'
  | 'gear'
  | 'factory'
  | 'boxes'
  | 'plane'
  | 'passport'
  | 'graduation'
  | 'briefcase'
  | 'globe'
  | 'family'
  | 'chart'
  | 'megaphone'
  | 'coins';

export interface SeedImageDescriptor {
  palette: SeedPalette;
  motif: SeedMotif;
  /** Picks another background for the same item, so the pictures of a gallery differ. */
  variant?: number;
  /** Small caption in the top corner, e.g. the subcategory. */
  label?: string;
  /** 'listing' is 1200x800 (the default), 'blog' is 1200x630. */
  format?: 'listing' | 'blog';
}

/** A demo listing: the listing columns the seed writes itself, plus how to draw its picture. */
export type SeedListing = Omit<Listing, 'id' | 'created_at' | 'updated_at' | 'image_urls' | 'is_active'> & {
  image: SeedImageDescriptor;
};

export interface SeedBlogPost {
  slug: string;
  title: string;
  excerpt: string;
  /** Plain text; paragraphs are separated by a blank line, '## ' starts a subheading. */
  body: string;
  category: string;
  /** ISO date, e.g. '2024-03-18'. */
  published_at: string;
  read_time_minutes: number;
  featured: boolean;
  image: SeedImageDescriptor;
}

/** The type-specific columns, all empty; each content file fills in those of its category. */
export const NO_TYPE_FIELDS = {
  product_condition: null,
  bedrooms: null,
  bathrooms: null,
  square_feet: null,
  property_type: null,
  listing_type: null,
  rent_period: null,
  monthly_revenue: null,
  years_established: null,
  business_type: null,
  country: null,
  visa_type: null,
  processing_time: null,
  requirements: null,
} as const satisfies Partial<SeedListing>;
