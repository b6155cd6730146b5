import { useEffect, useRef, useState } from 'react';
import { MAX_IMAGES_PER_LISTING } from '#shared/listing-form-schema';
import { buttonClass } from '#web/components/ui/button';
import { imageProblem } from '#web/features/admin/lib/image-problem';
import { resizeImage } from '#web/features/admin/lib/resize-image';
import { useT } from '#web/i18n/locale-provider';

interface PendingImage {
  id: number;
  file: Blob;
  name: string;
  preview: string;
}

let nextImageId = 1;

/**
 * A listing's pictures while it is edited: those it has (`existing`, removable) and new ones
 * checked as the server will, resized and queued (`pending`) until the listing is saved.
 */
export function useListingImages(initial: string[]) {
  const t = useT();
  const [existing, setExisting] = useState(initial);
  const [pending, setPending] = useState<PendingImage[]>([]);
  const [invalid, setInvalid] = useState<{ name: string; reason: string }[]>([]);
  const [preparing, setPreparing] = useState(false);

  const previews = useRef<string[]>([]);
  useEffect(
    () => () => {
      for (const url of previews.current) URL.revokeObjectURL(url);
    },
    [],
  );

  async function addFiles(files: FileList | null) {
    if (!files?.length) return;
    setPreparing(true);
    const rejected: { name: string; reason: string }[] = [];
    const accepted: PendingImage[] = [];
    let room = MAX_IMAGES_PER_LISTING - existing.length - pending.length;
    for (const file of Array.from(files)) {
      const problem = await imageProblem(file);
      if (problem) {
        rejected.push({ name: file.name, reason: t(problem) });
        continue;
      }
      if (room <= 0) {
        rejected.push({ name: file.name, reason: t('admin.listingForm.errors.tooManyImages') });
        continue;
      }
      const resized = await resizeImage(file);
      if (!resized) {
        rejected.push({ name: file.name, reason: t('admin.listingForm.errors.imageUnreadable') });
        continue;
      }
      room--;
      const preview = URL.createObjectURL(resized.file);
      previews.current.push(preview);
      accepted.push({ id: nextImageId++, ...resized, preview });
    }
    setInvalid(rejected);
    setPending((current) => [...current, ...accepted]);
    setPreparing(false);
  }

  return {
    existing,
    pending,
    invalid,
    preparing,
    addFiles,
    removeExisting: (url: string) => setExisting((list) => list.filter((u) => u !== url)),
    removePending: (id: number) => setPending((list) => list.filter((p) => p.id !== id)),
  };
}

const REMOVE = 'absolute -top-2 -right-2 size-8 rounded-full bg-red-700 text-white focus-visible:outline-red-900';

/** The Images field: choose files, see what is queued or refused, remove pictures, follow the upload. */
export function ImagePicker({
  images,
  progress,
}: {
  images: ReturnType<typeof useListingImages>;
  /** The upload's percent while saving, or null. */
  progress: number | null;
}) {
  const t = useT();
  const { existing, pending, invalid } = images;
  return (
    <div className="sm:col-span-2">
      <label htmlFor="listing-images" className="mb-1 block text-sm font-medium">
        {t('admin.listingForm.images')}
      </label>
      {/* The browser's own control would say "No file chosen" while images wait: ours says what is queued. */}
      <div className="flex flex-wrap items-center gap-3">
        <input
          id="listing-images"
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp"
          aria-describedby="listing-images-queued listing-images-hint"
          onChange={(e) => {
            void images.addFiles(e.target.files);
            e.target.value = '';
          }}
          className="peer sr-only"
        />
        <label
          htmlFor="listing-images"
          className={buttonClass({
            variant: 'ghost',
            className:
              'cursor-pointer bg-brand-50 font-semibold text-brand-800 peer-focus-visible:outline-2 peer-focus-visible:outline-brand-700 peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
          })}
        >
          {t('admin.listingForm.chooseImages')}
        </label>
        <p id="listing-images-queued" aria-live="polite" className="min-w-0 text-sm break-words">
          {pending.length === 0
            ? t('admin.listingForm.noImagesQueued')
            : t('admin.listingForm.imagesQueued', {
                n: pending.length,
                names: pending.map((image) => image.name).join(', '),
              })}
        </p>
      </div>
      <p id="listing-images-hint" className="mt-1 text-xs text-slate-700 dark:text-slate-300">
        {t('admin.listingForm.imagesHint')}
      </p>
      {invalid.length > 0 && (
        <div
          role="alert"
          className="mt-2 rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-100"
        >
          <p className="font-medium">{t('admin.listingForm.invalidFiles')}</p>
          <ul className="mt-1 list-disc pl-5">
            {invalid.map((f, i) => (
              <li key={`${i}:${f.name}`}>
                {f.name}: {f.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      {(existing.length > 0 || pending.length > 0) && (
        <ul className="mt-3 flex flex-wrap gap-2">
          {existing.map((url, i) => (
            <li key={url} className="relative">
              <img src={url} alt="" className="h-20 w-28 rounded object-cover" />
              <button
                type="button"
                onClick={() => images.removeExisting(url)}
                aria-label={t('admin.listingForm.removeImage', { n: i + 1 })}
                className={REMOVE}
              >
                ×
              </button>
            </li>
          ))}
          {pending.map((image, i) => (
            <li key={image.id} className="relative">
              <img src={image.preview} alt="" className="h-20 w-28 rounded object-cover" />
              <button
                type="button"
                onClick={() => images.removePending(image.id)}
                aria-label={t('admin.listingForm.removeImage', { n: existing.length + i + 1 })}
                className={REMOVE}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {progress !== null && (
        <div className="mt-3">
          <p className="text-sm">{t('admin.listingForm.uploading', { percent: progress })}</p>
          <progress
            value={progress}
            max={100}
            className="h-2 w-full accent-brand-700"
            aria-label={t('admin.listingForm.images')}
          />
        </div>
      )}
    </div>
  );
}
