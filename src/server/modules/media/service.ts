/**
 * Where display sizes and link previews of stored images are cached in storage: the routes make
 * them; the orphan sweep (uploads) removes them with their original.
 */

/** Where the WebP of a stored image at one width is cached in storage. */
export function cacheKey(width: number, key: string): string {
  return `cache/w${width}/${key}.webp`;
}

/** Where the link-preview JPEG of a stored image is cached in storage. */
export function previewCacheKey(key: string): string {
  return `cache/og/${key}.jpg`;
}

/** The stored image a cached display size or preview was made from, or null when the key is not one. */
export function originalOfCacheKey(key: string): string | null {
  return (
    key
      .match(/^cache\/(?:w\d+\/(.+)\.webp|og\/(.+)\.jpg)$/)
      ?.slice(1)
      .find(Boolean) ?? null
  );
}
