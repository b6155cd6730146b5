import { type Category, IMAGE_FOLDERS, MISC_IMAGE_FOLDER } from '../../../shared/categories';
import { ObjectExistsError, type ObjectStorage } from '../../storage/object-storage';
import { type ImageKind, reencodeImage, sanitiseImageName } from './image-processing';

export interface IncomingImage {
  filename: string;
  data: Buffer;
}

const EXTENSIONS: Record<ImageKind, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

/** Object name `{folder}/{timestamp}_{sanitised name}.{ext}`; never overwrites (D6, spec §7). */
async function putUnique(storage: ObjectStorage, folder: string, name: string, ext: string, data: Buffer) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const key = `${folder}/${Date.now() + attempt}_${name}.${ext}`;
    try {
      await storage.put(key, data);
      return key;
    } catch (error) {
      if (!(error instanceof ObjectExistsError)) throw error;
    }
  }
  throw new Error('Could not find a free object name');
}

/**
 * Checks and re-encodes every image first, then stores them; if anything fails, what was
 * stored is removed again, so a failed upload leaves no file behind.
 */
export async function storeImages(
  storage: ObjectStorage,
  category: Category | null,
  images: IncomingImage[],
): Promise<{ keys: string[]; urls: string[] }> {
  const processed = [];
  for (const image of images) {
    processed.push({ ...(await reencodeImage(image.data, image.filename)), name: image.filename });
  }
  const folder = category ? IMAGE_FOLDERS[category] : MISC_IMAGE_FOLDER;
  const keys: string[] = [];
  try {
    for (const image of processed) {
      keys.push(await putUnique(storage, folder, sanitiseImageName(image.name), EXTENSIONS[image.kind], image.data));
    }
  } catch (error) {
    await removeImages(storage, keys);
    throw error;
  }
  return { keys, urls: keys.map((key) => storage.publicUrl(key)) };
}

/** Deletes stored objects; a file already gone is fine. */
export async function removeImages(storage: ObjectStorage, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => {})));
}

/** The storage keys of our own image URLs (others, such as seeded external URLs, are skipped). */
export function keysOf(storage: ObjectStorage, urls: string[]): string[] {
  return urls.map((url) => storage.keyFromUrl(url)).filter((key): key is string => key !== null);
}
