import { HttpError } from '#server/lib/http-error';
import { sharp } from '#server/lib/image-library';
import { detectImageKind, type ImageKind } from '#shared/image-kind';

export { detectImageKind, type ImageKind };

/** An upload refused for what it is; `filename` says which of the request's files it was. */
export class ImageRejectedError extends HttpError {
  constructor(
    statusCode: number,
    message: string,
    readonly filename: string,
  ) {
    super(statusCode, message);
  }
}

/** Pixel limit against decompression bombs: a 40 MP photo passes, 20,000 × 20,000 does not. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Originals are stored no larger than this on either side (the browser already sends ≤ 1200 × 800). */
const MAX_STORED_SIDE = 2400;

/**
 * Checks and re-encodes an upload. Re-encoding drops every metadata block (EXIF, GPS, XMP)
 * after applying the EXIF orientation.
 */
export async function reencodeImage(data: Buffer, filename = ''): Promise<{ data: Buffer; kind: ImageKind }> {
  const kind = detectImageKind(data);
  if (!kind) throw new ImageRejectedError(415, 'admin.listingForm.errors.imageType', filename);
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
      throw new ImageRejectedError(422, 'admin.listingForm.errors.imageTooManyPixels', filename);
    }
    throw new ImageRejectedError(422, 'admin.listingForm.errors.imageUnreadable', filename);
  }
}
