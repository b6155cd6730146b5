import type { FastifyInstance } from 'fastify';
import { HttpError } from '#server/lib/http-error';
import { createBlogService } from '#server/modules/blog/service';
import { privacyPage } from '#server/modules/privacy/service';
import { createSubmissionService } from '#server/modules/submissions/service';
import { exchangeRatesAnswerSchema } from '#shared/exchange-rates-schema';
import { listingQuerySchema } from '#shared/listing-query';
import type { PublicReads } from '#shared/public-reads';
import { siteSettingsAnswerSchema } from '#shared/site-settings-schema';

/**
 * The public reads a page renders with on the server: the services the JSON API's routes
 * call, called directly (no HTTP, no second trip through the hooks), answering what those
 * routes answer, in the same shape.
 */
export function createPageReads(app: FastifyInstance): PublicReads {
  const blog = createBlogService(app);
  const submissions = createSubmissionService(app.db);
  return {
    siteSettings: async () => siteSettingsAnswerSchema.encode((await app.siteSettings.get()).settings),
    exchangeRates: async () => exchangeRatesAnswerSchema.encode({ rates: await app.exchangeRates.all() }),
    blogCategories: () => blog.categories(),
    blogPosts: (query) => blog.list(query),
    blogPost: (ref, locale) => blog.post(ref, locale),
    async listings(params) {
      const query = listingQuerySchema.safeParse(Object.fromEntries(params));
      // The API would answer 400: the page is the browser's to explain.
      if (!query.success) throw new HttpError(400, 'common.errors.invalidFields');
      return (await app.listingsService.search(query.data)).page;
    },
    listing: (id) => app.listingsService.listing(id),
    similarListings: (id) => app.listingsService.similar(id),
    sellerListing: (token) => submissions.sellerListing(token),
    privacyPolicy: (locale) => privacyPage(app, locale),
  };
}
