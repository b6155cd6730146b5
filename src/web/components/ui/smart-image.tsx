import { type ImgHTMLAttributes, useEffect, useRef, useState } from 'react';
import { useT } from '#web/i18n/locale-provider';

type SmartImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'loading'> & {
  /** Eager images (above the fold) load at once; others when the browser sees them near the view. */
  eager?: boolean;
  /**
   * The page's leading picture (its photo, the first result): eager, and fetched ahead of the
   * others. One per page: on a phone's slow data the pictures fetched at once share its
   * bandwidth, and the first screen shows only this one.
   */
  first?: boolean;
};

/**
 * An image with its address in the server's HTML (for text browsers, crawlers and pages
 * without script), loaded lazily by the browser itself unless eager, that shows 'Image not
 * available' when it fails, before and without JavaScript too (the data-fallback style in
 * index.css). Give it width/height or a sized container so the layout does not shift.
 */
export function SmartImage({
  eager = false,
  first = false,
  src,
  srcSet,
  alt = '',
  className,
  ...rest
}: SmartImageProps) {
  const t = useT();
  const ref = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(false);

  // A new source gets a new chance.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the source changes
  useEffect(() => setFailed(false), [src]);

  // A server-rendered image may have failed before the page's code ran, when no onError was
  // listening yet (until then the data-fallback style covers the broken image).
  useEffect(() => {
    const image = ref.current;
    if (image?.getAttribute('src') && image.complete && image.naturalWidth === 0) setFailed(true);
  }, []);

  if (failed || !src) {
    return (
      <div
        role="img"
        aria-label={alt || t('common.states.imageNotAvailable')}
        className={`flex items-center justify-center bg-gray-100 text-sm text-gray-600 ${className ?? ''}`}
      >
        {t('common.states.imageNotAvailable')}
      </div>
    );
  }
  return (
    <img
      ref={ref}
      src={src}
      srcSet={srcSet}
      alt={alt}
      className={className}
      loading={eager || first ? undefined : 'lazy'}
      decoding="async"
      fetchPriority={first ? 'high' : undefined}
      onError={() => setFailed(true)}
      data-fallback={t('common.states.imageNotAvailable')}
      {...rest}
    />
  );
}
