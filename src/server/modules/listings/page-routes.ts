import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { HeadTags } from '#server/lib/head-tags';
import { HttpError } from '#server/lib/http-error';
import { linkPreviewMeta } from '#server/lib/link-preview';
import { siteOrigin } from '#server/lib/site-origin';
import { listingData } from '#server/lib/structured-data';
import { CATEGORIES, CATEGORY_ROUTES } from '#shared/categories';
import { createTranslator, type Locale } from '#shared/i18n';
import { VIEW_COUNTED_META } from '#shared/leads';
import type { PublicListing } from '#shared/listing-api';
import { listingShareText } from '#shared/listing-format';
import { LINK_PREVIEW_SIZE, linkPreviewImageUrl } from '#shared/media';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A listing's link-preview picture, always 1200 × 630 JPEG: its first photo made to that size,
 * else its category's picture (public/og/, made by scripts/generate-icons.mjs).
 */
export function listingPreviewImage(listing: Pick<PublicListing, 'category' | 'image_urls'>): string {
  const [first] = listing.image_urls;
  return (first && linkPreviewImageUrl(first)) ?? `/og/${CATEGORY_ROUTES[listing.category]}.jpg`;
}

export function listingHead(listing: PublicListing, origin: string, locale: Locale) {
  const t = createTranslator(locale);
  const url = `${origin}/${CATEGORY_ROUTES[listing.category]}/${listing.id}`;
  const title = `${listing.title} | ${t('common.brand.name')}`;
  const description = listingShareText(listing);
  const meta = linkPreviewMeta(
    {
      title: listing.title,
      description,
      url,
      image: listingPreviewImage(listing),
      imageSize: LINK_PREVIEW_SIZE,
      imageAlt: listing.title,
    },
    origin,
    locale,
  );
  return {
    title,
    description,
    canonical: url,
    meta,
    lang: locale,
    // The seller's text is not translated: its page in Somali is not a Somali version of it.
    untranslated: true,
    structuredData: listingData(listing, origin, locale),
  } satisfies HeadTags;
}

/** The app's friendly page for a listing that is not there, with 404. */
function listingNotFound(request: FastifyRequest, reply: FastifyReply) {
  const t = request.t;
  return reply.sendApp(
    {
      title: `${t('listings.detail.notFoundTitle')} | ${t('common.brand.name')}`,
      description: t('listings.detail.notFoundMessage'),
      meta: [{ name: 'robots', content: 'noindex' }],
      lang: request.locale,
    },
    404,
  );
}

/**
 * A listing's own page (docs/product.md#listing-pages): the app's HTML with the listing's title, description
 * and Open Graph tags, so a link pasted into WhatsApp shows a preview. Unknown or inactive
 * ids answer 404 (the app then shows its friendly not-found page).
 */
export async function listingPageRoutes(app: FastifyInstance) {
  // Through the service: the page's body reads the same listing, and shares this read.
  const shownListing = async (id: string) => {
    try {
      return await app.listingsService.listing(id);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return null;
      throw error;
    }
  };
  for (const category of CATEGORIES) {
    const route = CATEGORY_ROUTES[category];
    // Deeper than a listing (/marketplace/a/b), or longer than the router takes: no listing is there.
    app.get(`/${route}/*`, listingNotFound);
    app.get<{ Params: { id: string } }>(`/${route}/:id`, async (request, reply) => {
      const { id } = request.params;
      const listing = UUID.test(id) ? await shownListing(id) : null;
      if (!listing) return listingNotFound(request, reply);
      if (listing.category !== category) {
        return reply.redirect(`/${CATEGORY_ROUTES[listing.category]}/${listing.id}`, 301);
      }
      const head = listingHead(listing, siteOrigin(request), request.locale);
      // Its view was counted as the request came in (docs/product.md#leads): the browser need not send it.
      head.meta.push({ name: VIEW_COUNTED_META, content: listing.id });
      return reply.sendApp(head, 200);
    });
  }
}
