import type { MessageKey } from '#shared/i18n';
import { IMAGE_SIGNATURE_BYTES } from '#shared/image-kind';
import { imageContentProblem, imageFileProblem } from '#shared/listing-form-schema';

/**
 * Why a picture chosen for upload would be refused (a catalog key), checked as the server
 * will: size and declared type first, then the file's own first bytes; null when it is fine.
 */
export async function imageProblem(file: File): Promise<MessageKey | null> {
  const firstBytes = () => file.slice(0, IMAGE_SIGNATURE_BYTES).arrayBuffer();
  return imageFileProblem(file) ?? imageContentProblem(new Uint8Array(await firstBytes()));
}
