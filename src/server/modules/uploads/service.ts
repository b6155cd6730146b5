import { randomUUID } from 'node:crypto';
import type { ObjectStorage } from '#server/storage/object-storage';
import { type Category, IMAGE_FOLDERS, MISC_IMAGE_FOLDER } from '#shared/categories';
import { type ImageKind, reencodeImage } from './image-processing';

export interface IncomingImage {
  /** The name on the uploader's device; never stored (decision 0021). */
  filename: string;
  data: Buffer;
}

const EXTENSIONS: Record<ImageKind, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

/**
 * Object name `{folder}/{random UUID}.{ext}`: public URLs say nothing about the file or its
 * uploader, and cannot be guessed. Storage never overwrites, so a clash would fail loudly.
 */
function newObjectKey(folder: string, kind: ImageKind): string {
  return `${folder}/${randomUUID()}.${EXTENSIONS[kind]}`;
}

/**
 * Checks and re-encodes every image first, then stores them in `folder` (a category's, or
 * 'blog'); if anything fails, what was stored is removed again, so a failed upload leaves no
 * file behind.
 */
export async function storeImagesInFolder(
  storage: ObjectStorage,
  folder: string,
  images: IncomingImage[],
): Promise<{ keys: string[]; urls: string[] }> {
  const processed = [];
  // The file name only labels a refusal; it is never stored.
  for (const image of images) processed.push(await reencodeImage(image.data, image.filename));
  const keys: string[] = [];
  try {
    for (const image of processed) {
      const key = newObjectKey(folder, image.kind);
      await storage.put(key, image.data);
      keys.push(key);
    }
  } catch (error) {
    await removeImages(storage, keys);
    throw error;
  }
  return { keys, urls: keys.map((key) => storage.publicUrl(key)) };
}

/** The folder a listing's images go to (a category's own, misc otherwise). */
export function imageFolderOf(category: Category | null): string {
  return category ? IMAGE_FOLDERS[category] : MISC_IMAGE_FOLDER;
}

/** Deletes stored objects; a file already gone is fine. */
export async function removeImages(storage: ObjectStorage, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => {})));
}

/** The storage keys of our own image URLs (others, such as seeded external URLs, are skipped). */
export function keysOf(storage: ObjectStorage, urls: string[]): string[] {
  return urls.map((url) => storage.keyFromUrl(url)).filter((key): key is string => key !== null);
}
