import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Listing } from '#shared/listing';
import type { ListingPayloadInput } from '#shared/listing-form-schema';
import { invalidateAdminData } from './admin-data';
import { sendMultipart } from './send-multipart';

export interface SaveListingInput {
  id?: string;
  payload: ListingPayloadInput;
  images: { file: Blob; name: string }[];
  onProgress?: (percent: number) => void;
  /** The form's own key (newFormKey), the same on every submit of one form: a submit sent again makes no second listing. */
  formKey?: string;
}

/** A random UUID (v4) for one form; also where crypto.randomUUID is missing (a page not served over HTTPS). */
export function newFormKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The listing and its new images in one request. */
export function saveListing({ id, payload, images, onProgress, formKey }: SaveListingInput): Promise<Listing> {
  const form = new FormData();
  form.append('data', JSON.stringify(payload));
  for (const image of images) form.append('images', image.file, image.name);
  if (id) return sendMultipart('PUT', `/api/admin/listings/${id}`, form, onProgress);
  return sendMultipart('POST', '/api/admin/listings', form, onProgress, formKey ? { 'idempotency-key': formKey } : {});
}

export function useSaveListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveListing,
    onSuccess: () => invalidateAdminData(queryClient),
  });
}
