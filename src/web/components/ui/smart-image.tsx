import { type ImgHTMLAttributes, useEffect, useState } from 'react';
import { useT } from '../../i18n/locale-provider';
import { useInViewOnce } from './use-in-view-once';

/** docs/product.md#global-behaviour: lazy images start loading 50 px before they enter the view. */
export const LAZY_ROOT_MARGIN = '50px';

type SmartImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'loading'> & {
  /** Eager images (above the fold) load at once; others wait until they are 50 px from view. */
  eager?: boolean;
  /**
   * The page's leading picture (its photo, the first result): eager, and fetched ahead of the
   * others. One per page: on a phone's slow data the pictures fetched at once share its
   * bandwidth, and the first screen shows only this one.
   */
  first?: boolean;
};

/**
 * An image that loads lazily with a 50 px margin and shows 'Image not available' when it
 * fails, before and without JavaScript too (the data-fallback style in index.css). Give it
 * width/height or a sized container so the layout does not shift.
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
  const { ref, inView: visible } = useInViewOnce<HTMLImageElement>(LAZY_ROOT_MARGIN, { initially: eager || first });
  const [failed, setFailed] = useState(false);

  // A new source gets a new chance.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the source changes
  useEffect(() => setFailed(false), [src]);

  // A server-rendered image may have failed before the page's code ran, when no onError was
  // listening yet (until then the data-fallback style covers the broken image).
  useEffect(() => {
    const image = ref.current;
    if (image?.getAttribute('src') && image.complete && image.naturalWidth === 0) setFailed(true);
  }, [ref]);

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
      src={visible ? src : undefined}
      srcSet={visible ? srcSet : undefined}
      alt={alt}
      className={className}
      decoding="async"
      fetchPriority={first ? 'high' : undefined}
      onError={() => setFailed(true)}
      data-loaded={visible ? 'true' : 'false'}
      data-fallback={visible ? t('common.states.imageNotAvailable') : undefined}
      {...rest}
    />
  );
}
