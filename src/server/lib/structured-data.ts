import { BLOG_FALLBACK_IMAGE, type BlogPost, blogPostPath } from '#shared/blog';
import { CATEGORY_ROUTES } from '#shared/categories';
import { createTranslator, LOCALES, type Locale } from '#shared/i18n';
import type { Availability, PublicListing } from '#shared/listing';
import type { SiteSettings } from '#shared/site-settings';

/**
 * schema.org data for search engines, as JSON-LD in a page's head: a listing's offer, a blog
 * post, the organisation and breadcrumbs. Only what the page itself shows.
 */
export type StructuredData = Record<string, unknown>;

const SCHEMA = 'https://schema.org';
/** Prices are stored and shown in Kenyan shillings (docs/product.md#prices). */
const PRICE_CURRENCY = 'KES';
/** The site's square logo (public/icons, made by scripts/generate-icons.mjs). */
const LOGO_PATH = '/icons/icon-512.png';

const AVAILABILITY: Record<Availability, string> = {
  active: `${SCHEMA}/InStock`,
  sold: `${SCHEMA}/SoldOut`,
  expired: `${SCHEMA}/Discontinued`,
};
const CONDITION = { new: 'NewCondition', used: 'UsedCondition', refurbished: 'RefurbishedCondition' } as const;
/** UN/CEFACT codes of a rent's period. */
const RENT_UNIT = { month: 'MON', year: 'ANN' } as const;

/**
 * The JSON for a `<script type="application/ld+json">`: `<`, `>` and `&` as \u escapes, so
 * listing text such as `</script>` or `<!--` cannot end or change the script element, and the
 * line separators JavaScript once refused as well. JSON parsers read the same text.
 */
export function jsonLdText(data: StructuredData): string {
  return JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const absolute = (origin: string, path: string) => new URL(path, `${origin}/`).href;

/** The site as the publisher or provider of what a page shows (the home page describes it in full). */
function siteOrganization(origin: string, locale: Locale): StructuredData {
  return {
    '@type': 'Organization',
    '@id': `${origin}/#organization`,
    name: createTranslator(locale)('common.brand.name'),
    url: `${origin}/`,
    logo: absolute(origin, LOGO_PATH),
  };
}

/** The site as an organisation, with the contact details and profiles staff set. */
export function organizationData(origin: string, settings: SiteSettings, locale: Locale): StructuredData {
  const t = createTranslator(locale);
  const sameAs = Object.values(settings.social).filter((url) => url !== '');
  return {
    '@context': SCHEMA,
    '@type': 'Organization',
    '@id': `${origin}/#organization`,
    name: t('common.brand.name'),
    url: `${origin}/`,
    logo: absolute(origin, LOGO_PATH),
    ...(settings.email ? { email: settings.email } : {}),
    ...(settings.phone ? { telephone: settings.phone } : {}),
    ...(settings.address ? { address: settings.address } : {}),
    ...(sameAs.length ? { sameAs } : {}),
    ...(settings.phone || settings.email
      ? {
          contactPoint: {
            '@type': 'ContactPoint',
            contactType: 'customer support',
            ...(settings.phone ? { telephone: settings.phone } : {}),
            ...(settings.email ? { email: settings.email } : {}),
            availableLanguage: [...LOCALES],
          },
        }
      : {}),
  };
}

/** The trail from the home page to a page, each step with its address. */
export function breadcrumbData(steps: { name: string; url: string }[]): StructuredData {
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: steps.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: step.url,
    })),
  };
}

/** What a listing offers: its price in shillings (a rent per period), whether it can still be had. */
function offerData(listing: PublicListing, url: string): StructuredData {
  const rent = listing.category === 'property' && listing.listing_type === 'rent' && listing.rent_period;
  return {
    '@type': 'Offer',
    url,
    price: listing.price,
    priceCurrency: PRICE_CURRENCY,
    availability: AVAILABILITY[listing.availability],
    ...(listing.category === 'product' && listing.product_condition
      ? { itemCondition: `${SCHEMA}/${CONDITION[listing.product_condition]}` }
      : {}),
    ...(rent
      ? {
          businessFunction: 'http://purl.org/goodrelations/v1#LeaseOut',
          priceSpecification: {
            '@type': 'UnitPriceSpecification',
            price: listing.price,
            priceCurrency: PRICE_CURRENCY,
            unitCode: RENT_UNIT[rent],
          },
        }
      : {}),
  };
}

/**
 * A listing's page: goods and businesses for sale as a Product, a property as a
 * RealEstateListing, visa help as a Service, each with its Offer; and its breadcrumbs.
 */
export function listingData(listing: PublicListing, origin: string, locale: Locale): StructuredData[] {
  const t = createTranslator(locale);
  const categoryUrl = `${origin}/${CATEGORY_ROUTES[listing.category]}`;
  const url = `${categoryUrl}/${listing.id}`;
  const images = listing.image_urls.map((image) => absolute(origin, image));
  const common = {
    '@context': SCHEMA,
    name: listing.title,
    description: listing.description,
    url,
    ...(images.length ? { image: images } : {}),
    offers: offerData(listing, url),
  };
  const place = listing.location ? { '@type': 'Place', name: listing.location } : undefined;
  let item: StructuredData;
  if (listing.category === 'property') {
    item = {
      '@type': 'RealEstateListing',
      ...common,
      datePosted: listing.created_at,
      inLanguage: locale,
      ...(place ? { contentLocation: place } : {}),
    };
  } else if (listing.category === 'visa') {
    item = {
      '@type': 'Service',
      ...common,
      serviceType: listing.visa_type ?? t(`listings.pages.visa.title`),
      provider: siteOrganization(origin, locale),
      ...(listing.country ? { areaServed: { '@type': 'Country', name: listing.country } } : {}),
    };
  } else {
    item = { '@type': 'Product', ...common, category: t(`listings.pages.${listing.category}.title`) };
  }
  return [
    item,
    breadcrumbData([
      { name: t('layout.nav.home'), url: `${origin}/` },
      { name: t(`listings.pages.${listing.category}.title`), url: categoryUrl },
      { name: listing.title, url },
    ]),
  ];
}

/** A blog post's page: the post, published by the site, and its breadcrumbs. */
export function blogPostData(
  post: Omit<BlogPost, 'html'> & { updatedAt?: string },
  origin: string,
  locale: Locale,
): StructuredData[] {
  const t = createTranslator(locale);
  const url = `${origin}${blogPostPath(post.slug)}`;
  const organization = siteOrganization(origin, locale);
  return [
    {
      '@context': SCHEMA,
      '@type': 'BlogPosting',
      headline: post.title,
      description: post.excerpt,
      url,
      mainEntityOfPage: url,
      image: [absolute(origin, post.imageUrl ?? BLOG_FALLBACK_IMAGE)],
      datePublished: post.publishedAt,
      ...(post.updatedAt ? { dateModified: post.updatedAt } : {}),
      inLanguage: post.language,
      articleSection: post.category,
      author: post.author ? { '@type': 'Person', name: post.author } : organization,
      publisher: organization,
    },
    breadcrumbData([
      { name: t('layout.nav.home'), url: `${origin}/` },
      { name: t('blog.meta.title'), url: `${origin}/blog` },
      { name: post.title, url },
    ]),
  ];
}
