import { useEffect, useState } from 'react';
import { BLOG_FALLBACK_IMAGE } from '#shared/blog';
import { displayImageUrl } from '#shared/media';
import { Button, buttonClass } from '#web/components/ui/button';
import { imageProblem } from '#web/features/admin/lib/image-problem';
import { resizeImage } from '#web/features/admin/lib/resize-image';
import { useT } from '#web/i18n/locale-provider';

/** A post's cover while it is edited: the stored one, a new one waiting to be saved, or none. */
export function useCover(stored: string | null) {
  const [current, setCurrent] = useState(stored);
  const [pending, setPending] = useState<{ file: Blob; name: string; preview: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  useEffect(() => () => (pending ? URL.revokeObjectURL(pending.preview) : undefined), [pending]);
  return {
    current,
    pending,
    problem,
    preparing,
    /** The stored cover is to go, with no new one in its place. */
    removed: stored !== null && current === null && pending === null,
    async choose(file: File, describe: (key: Parameters<ReturnType<typeof useT>>[0]) => string) {
      setPreparing(true);
      const refused = await imageProblem(file);
      const resized = refused ? null : await resizeImage(file);
      setPreparing(false);
      if (!resized) {
        setProblem(`${file.name}: ${describe(refused ?? 'admin.listingForm.errors.imageUnreadable')}`);
        return;
      }
      setProblem(null);
      setPending({ ...resized, preview: URL.createObjectURL(resized.file) });
    },
    remove() {
      setPending(null);
      setCurrent(null);
    },
    /** After a save: what the server now stores. */
    saved(url: string | null) {
      setPending(null);
      setCurrent(url);
    },
  };
}

/** The cover field: the picture shown (or the site's when none), choose another, remove it. */
export function CoverPicker({ cover, disabled }: { cover: ReturnType<typeof useCover>; disabled: boolean }) {
  const t = useT();
  const shown = cover.pending?.preview ?? (cover.current ? displayImageUrl(cover.current, 640) : BLOG_FALLBACK_IMAGE);
  return (
    <div>
      <p className="mb-1 block text-sm font-medium">{t('adminBlog.form.cover')}</p>
      <img
        src={shown}
        alt=""
        className="aspect-[40/21] w-full max-w-sm rounded-lg object-cover ring-1 ring-slate-300"
      />
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <input
          id="blog-cover"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          disabled={disabled}
          aria-describedby="blog-cover-state blog-cover-hint"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void cover.choose(file, t);
            event.target.value = '';
          }}
          className="peer sr-only"
        />
        <label
          htmlFor="blog-cover"
          className={buttonClass({
            variant: 'secondary',
            size: 'sm',
            className:
              'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-brand-700 peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
          })}
        >
          {t('adminBlog.form.chooseCover')}
        </label>
        {(cover.current || cover.pending) && (
          <Button variant="danger-outline" size="sm" onClick={cover.remove} disabled={disabled}>
            {t('adminBlog.form.removeCover')}
          </Button>
        )}
      </div>
      <p id="blog-cover-state" aria-live="polite" className="mt-1 text-sm">
        {cover.pending
          ? t('adminBlog.form.newCover', { name: cover.pending.name })
          : cover.current
            ? ''
            : t('adminBlog.form.noCover')}
      </p>
      <p id="blog-cover-hint" className="text-xs text-slate-700 dark:text-slate-300">
        {t('adminBlog.form.coverHint')}
      </p>
      {cover.problem && (
        <p role="alert" className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
          {cover.problem}
        </p>
      )}
    </div>
  );
}
