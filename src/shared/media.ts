/**
 * WebP display sizes of stored images (docs/product.md#images): /media/<width>/<key> for one of a
 * fixed set of widths, so a phone downloads a small file and caches stay bounded.
 */
export const MEDIA_WIDTHS = [320, 480, 640, 960, 1280] as const;
export type MediaWidth = (typeof MEDIA_WIDTHS)[number];
export const MEDIA_QUALITY = 80;
const UPLOADS_PREFIX = '/uploads/';

export function isMediaWidth(value: number): value is MediaWidth {
  return (MEDIA_WIDTHS as readonly number[]).includes(value);
}

/** The display-size URL of a stored image; other URLs (external, data:) are returned unchanged. */
export function displayImageUrl(url: string, width: MediaWidth): string {
  return url.startsWith(UPLOADS_PREFIX) ? `/media/${width}/${url.slice(UPLOADS_PREFIX.length)}` : url;
}

/** src, srcSet and sizes for an <img> of a stored image, up to maxWidth pixels wide. */
export function responsiveImage(
  url: string,
  sizes: string,
  maxWidth: MediaWidth = 1280,
): { src: string; srcSet?: string; sizes?: string } {
  if (!url.startsWith(UPLOADS_PREFIX)) return { src: url };
  const widths = MEDIA_WIDTHS.filter((w) => w <= maxWidth);
  return {
    src: displayImageUrl(url, widths[Math.min(1, widths.length - 1)] ?? maxWidth),
    srcSet: widths.map((w) => `${displayImageUrl(url, w)} ${w}w`).join(', '),
    sizes,
  };
}

/** A link preview's picture (Open Graph): what WhatsApp, Facebook and X show best. */
export const LINK_PREVIEW_SIZE = { width: 1200, height: 630 } as const;

/** The link-preview JPEG of a stored image, or null for a URL that is not one. */
export function linkPreviewImageUrl(url: string): string | null {
  return url.startsWith(UPLOADS_PREFIX) ? `/media/og/${url.slice(UPLOADS_PREFIX.length)}` : null;
}
