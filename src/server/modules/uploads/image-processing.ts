import sharp from 'sharp';
import { HttpError } from '../../plugins/error-handler';

export type ImageKind = 'jpeg' | 'png' | 'webp';

/** Pixel limit against decompression bombs: a 40 MP photo passes, 20,000 × 20,000 does not. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Originals are stored no larger than this on either side (the browser already sends ≤ 1200 × 800). */
const MAX_STORED_SIDE = 2400;

/** The type by content (magic bytes), never by name or declared type (D6). */
export function detectImageKind(data: Buffer): ImageKind | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  return null;
}

/**
 * Checks and re-encodes an upload. Re-encoding drops every metadata block (EXIF, GPS, XMP)
 * after applying the EXIF orientation.
 */
export async function reencodeImage(data: Buffer): Promise<{ data: Buffer; kind: ImageKind }> {
  const kind = detectImageKind(data);
  if (!kind) throw new HttpError(415, 'admin.listingForm.errors.imageType');
  try {
    const image = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoded =
      kind === 'jpeg'
        ? image.jpeg({ quality: 85, mozjpeg: true })
        : kind === 'png'
          ? image.png({ compressionLevel: 9 })
          : image.webp({ quality: 85 });
    return { data: await encoded.toBuffer(), kind };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new HttpError(422, 'admin.listingForm.errors.imageTooManyPixels');
    }
    throw new HttpError(422, 'admin.listingForm.errors.imageUnreadable');
  }
}
