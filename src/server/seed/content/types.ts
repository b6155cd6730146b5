import type { Category } from '#shared/categories';
import { type CategoryFieldName, type ListingFields, NO_CATEGORY_FIELDS } from '#shared/listing';

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

/** A demo listing: the listing's fields (src/shared/listing.ts), plus how to draw its picture. */
export type SeedListing<C extends Category = Category> = ListingFields<C> & { image: SeedImageDescriptor };

/** An entry of a category's content file: the fields every listing has and the category's own, and its picture. */
export type SeedInput<C extends Category> = Omit<
  ListingFields<C>,
  'category' | Exclude<CategoryFieldName, CategoryFieldName<C>>
> & { motif: SeedMotif };

/** A demo listing of a category, another category's fields empty. */
export function seedListing<C extends Category>(category: C, { motif, ...fields }: SeedInput<C>): SeedListing {
  const listing = { ...NO_CATEGORY_FIELDS, category, ...fields, image: { palette: category, motif } };
  return listing as unknown as SeedListing;
}

/** A post's version in Somali: title, excerpt and body, whole (the database keeps all three or none). */
export interface SeedBlogTranslation {
  title: string;
  excerpt: string;
  body: string;
}

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
