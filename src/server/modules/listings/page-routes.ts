import type { FastifyInstance } from 'fastify';
import { CATEGORIES, CATEGORY_ROUTES } from '../../../shared/categories';
import { createTranslator, type Locale } from '../../../shared/i18n';
import type { PublicListing } from '../../../shared/listing-api';
import { listingShareText } from '../../../shared/listing-format';
import { siteOrigin } from '../../lib/site-origin';
import { linkPreviewMeta } from '../../plugins/link-preview';
import type { HeadTags } from '../../plugins/web-app';
import { createListingsRepository } from './repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function listingHead(listing: PublicListing, origin: string, locale: Locale) {
  const t = createTranslator(locale);
  const url = `${origin}/${CATEGORY_ROUTES[listing.category]}/${listing.id}`;
  const title = `${listing.title} | ${t('common.brand.name')}`;
  const description = listingShareText(listing);
  const meta = linkPreviewMeta(
    { title: listing.title, description, url, image: listing.image_urls[0] },
    origin,
    locale,
  );
  return { title, description, canonical: url, meta, lang: locale } satisfies HeadTags;
}

/**
 * A listing's own page (decision D4): the app's HTML with the listing's title, description
 * and Open Graph tags, so a link pasted into WhatsApp shows a preview. Unknown or inactive
 * ids answer 404 (the app then shows its friendly not-found page).
 */
export async function listingPageRoutes(app: FastifyInstance) {
  const listings = createListingsRepository(app.db);
  for (const category of CATEGORIES) {
    const route = CATEGORY_ROUTES[category];
    app.get<{ Params: { id: string } }>(`/${route}/:id`, async (request, reply) => {
      const t = request.t;
      const notFound: HeadTags = {
        title: `${t('listings.detail.notFoundTitle')} | ${t('common.brand.name')}`,
        description: t('listings.detail.notFoundMessage'),
        meta: [{ name: 'robots', content: 'noindex' }],
        lang: request.locale,
      };
      const { id } = request.params;
      const listing = UUID.test(id) ? await listings.findShown(id) : null;
      if (!listing) return reply.sendApp(notFound, 404);
      if (listing.category !== category) {
        return reply.redirect(`/${CATEGORY_ROUTES[listing.category]}/${listing.id}`, 301);
      }
      return reply.sendApp(listingHead(listing, siteOrigin(request), request.locale), 200);
    });
  }
}
