/** docs/product.md#images-in-the-form: fit within 1200 × 800 and re-encode as JPEG at 0.8 before upload. */
export const RESIZE_MAX = { width: 1200, height: 800 };
export const JPEG_QUALITY = 0.8;

export function fitWithin(width: number, height: number, max = RESIZE_MAX): { width: number; height: number } {
  const scale = Math.min(1, max.width / width, max.height / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The resized JPEG; the original when the browser can read it but not re-encode it; null
 * when the browser cannot read it as an image at all (the server could not either).
 */
export async function resizeImage(file: File): Promise<{ file: Blob; name: string } | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  try {
    const size = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
    if (!blob) throw new Error('encoding failed');
    return { file: blob, name: `${file.name.replace(/\.[^.]*$/, '')}.jpg` };
  } catch {
    return { file, name: file.name };
  } finally {
    bitmap.close();
  }
}
