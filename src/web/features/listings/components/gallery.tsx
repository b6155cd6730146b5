import { type KeyboardEvent, useRef, useState } from 'react';
import { responsiveImage } from '#shared/media';
import { SmartImage } from '#web/components/ui/smart-image';
import { useT } from '#web/i18n/locale-provider';

const SWIPE_PX = 40;
const NAV =
  'absolute top-1/2 flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-2xl text-gray-900 shadow hover:bg-white';

/** Listing photos: swipe on touch, arrow keys on desktop, thumbnails to jump. */
export function Gallery({ images, title }: { images: string[]; title: string }) {
  const t = useT();
  const [index, setIndex] = useState(0);
  const startX = useRef<number | null>(null);
  const total = images.length;
  const go = (next: number) => setIndex((next + total) % total);

  if (total === 0) {
    return <SmartImage alt={title} first className="aspect-[4/3] w-full rounded-xl" />;
  }
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') go(index - 1);
    else if (e.key === 'ArrowRight') go(index + 1);
    else return;
    e.preventDefault();
  };
  const current = images[index]!;

  return (
    // Arrow keys work while any control of the gallery has focus.
    <section aria-label={t('listings.detail.gallery')} aria-roledescription="carousel" onKeyDown={onKeyDown}>
      <div
        onTouchStart={(e) => {
          startX.current = e.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(e) => {
          const start = startX.current;
          const end = e.changedTouches[0]?.clientX;
          startX.current = null;
          if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
          go(end < start ? index + 1 : index - 1);
        }}
        className="relative aspect-[4/3] overflow-hidden rounded-xl bg-gray-100"
      >
        <SmartImage
          key={current}
          {...responsiveImage(current, '(min-width: 1024px) 60vw, 100vw')}
          alt={t('listings.detail.photoOf', { n: index + 1, total, title })}
          first
          width={1280}
          height={960}
          // The whole photo, letterboxed: square and portrait phone photos are not cut (cards may crop).
          className="h-full w-full object-contain"
        />
        {total > 1 && (
          <>
            <button type="button" className={`${NAV} left-2`} onClick={() => go(index - 1)}>
              <span aria-hidden="true">‹</span>
              <span className="sr-only">{t('listings.detail.previousPhoto')}</span>
            </button>
            <button type="button" className={`${NAV} right-2`} onClick={() => go(index + 1)}>
              <span aria-hidden="true">›</span>
              <span className="sr-only">{t('listings.detail.nextPhoto')}</span>
            </button>
          </>
        )}
      </div>
      {total > 1 && (
        <ul className="mt-3 flex gap-2 overflow-x-auto">
          {images.map((url, i) => (
            <li key={url}>
              <button
                type="button"
                aria-label={t('listings.detail.showPhoto', { n: i + 1 })}
                aria-current={i === index}
                onClick={() => setIndex(i)}
                className={`block h-16 w-20 overflow-hidden rounded-lg border-2 ${i === index ? 'border-brand-700' : 'border-transparent'}`}
              >
                <SmartImage {...responsiveImage(url, '80px', 320)} alt="" className="h-full w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
