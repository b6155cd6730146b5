import type { BlogList, BlogPost } from './blog';
import type { ExchangeRates } from './currency';
import type { Locale } from './i18n';
import type { ListingPage, ListingsByIds, PublicListing } from './listing-api';
import type { PrivacyPage } from './privacy';
import type { SellerListing } from './seller-link';
import type { SiteSettings } from './site-settings';

/** One page of blog posts in the reader's language, optionally of one category. */
export interface BlogPostsQuery {
  category?: string;
  page: number;
  /** Posts with a Somali version read in Somali to Somali readers. */
  locale: Locale;
}

/**
 * The public data pages show, read the same way in both places a page is made: the browser
 * asks the JSON API over HTTP (src/web/lib/api-reads.ts); the server calls the same services
 * the API's routes call (src/server/web/page-reads.ts). Each read answers what its API route
 * answers, or fails as it would (an error with the route's status code).
 */
export interface PublicReads {
  /** GET /api/site-settings */
  siteSettings(): Promise<SiteSettings>;
  /** GET /api/exchange-rates */
  exchangeRates(): Promise<{ rates: ExchangeRates }>;
  /** GET /api/blog/categories */
  blogCategories(): Promise<{ categories: string[] }>;
  /** GET /api/blog/posts */
  blogPosts(query: BlogPostsQuery): Promise<BlogList>;
  /** GET /api/blog/posts/:ref: a post by its slug, an old slug or an old numeric id. */
  blogPost(ref: string, locale: Locale): Promise<BlogPost>;
  /** GET /api/listings: the URL's parameters, `category` among them. */
  listings(params: URLSearchParams): Promise<ListingPage>;
  /** GET /api/listings/:id: one listing visitors may see (404 when unknown or inactive). */
  listing(id: string): Promise<PublicListing>;
  /** GET /api/listings/:id/similar: a few listings like this one (404 when it is not shown). */
  similarListings(id: string): Promise<ListingsByIds>;
  /** GET /api/seller-listing: the listing a seller's own link opens (404 unknown, 410 turned off). */
  sellerListing(token: string): Promise<SellerListing>;
  /** GET /api/privacy-policy: the privacy page in the reader's language. */
  privacyPolicy(locale: Locale): Promise<PrivacyPage>;
}
