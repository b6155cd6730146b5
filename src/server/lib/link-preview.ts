import type { Locale } from '#shared/i18n';
import { createTranslator } from '#shared/i18n';
import { LINK_PREVIEW_SIZE } from '#shared/media';
import type { HeadTags } from './head-tags';

/** The picture a link to a page without one of its own shows (public/og-image.png, 1200 × 630). */
export const SITE_PREVIEW_IMAGE = '/og-image.png';

/** What a link to a page shows when pasted into WhatsApp, Facebook or X. */
export interface LinkPreview {
  title: string;
  description: string;
  /** Absolute URL of the page. */
  url: string;
  /** Image URL, absolute or from the site's root; the site's picture when absent. */
  image?: string;
  /** The image's size in pixels and what it shows, when known (the site's picture's are). */
  imageSize?: { width: number; height: number };
  imageAlt?: string;
  type?: 'website' | 'article';
}

/** An absolute URL on the site for a path (an absolute URL stays as it is). */
export function absoluteUrl(origin: string, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** Open Graph and Twitter tags of a page. */
export function linkPreviewMeta(preview: LinkPreview, origin: string, locale: Locale): NonNullable<HeadTags['meta']> {
  const t = createTranslator(locale);
  return [
    { property: 'og:type', content: preview.type ?? 'website' },
    { property: 'og:site_name', content: t('common.brand.name') },
    { property: 'og:title', content: preview.title },
    { property: 'og:description', content: preview.description },
    { property: 'og:url', content: preview.url },
    { property: 'og:image', content: absoluteUrl(origin, preview.image ?? SITE_PREVIEW_IMAGE) },
    ...imageDetails(preview, t('common.brand.name')),
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: preview.title },
    { name: 'twitter:description', content: preview.description },
  ];
}

function imageDetails(preview: LinkPreview, brand: string): NonNullable<HeadTags['meta']> {
  const size = preview.image ? preview.imageSize : LINK_PREVIEW_SIZE;
  const alt = preview.image ? preview.imageAlt : brand;
  return [
    ...(size
      ? [
          { property: 'og:image:width', content: String(size.width) },
          { property: 'og:image:height', content: String(size.height) },
        ]
      : []),
    ...(alt ? [{ property: 'og:image:alt', content: alt }] : []),
  ];
}

const metaKey = (tag: { property?: string; name?: string }) => tag.property ?? tag.name ?? '';

/** The head's own tags, completed with the defaults it does not set (a route's own preview wins). */
export function withDefaultMeta(head: HeadTags, defaults: NonNullable<HeadTags['meta']>): HeadTags {
  const own = new Set((head.meta ?? []).map(metaKey));
  return { ...head, meta: [...(head.meta ?? []), ...defaults.filter((tag) => !own.has(metaKey(tag)))] };
}
