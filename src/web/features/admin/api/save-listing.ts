import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Listing } from '../../../../shared/listing';
import type { ListingPayloadInput } from '../../../../shared/listing-form-schema';
import { invalidateAdminData } from './admin-data';
import { sendMultipart } from './send-multipart';

export interface SaveListingInput {
  id?: string;
  payload: ListingPayloadInput;
  images: { file: Blob; name: string }[];
  onProgress?: (percent: number) => void;
}

/** The listing and its new images in one request. */
export function saveListing({ id, payload, images, onProgress }: SaveListingInput): Promise<Listing> {
  const form = new FormData();
  form.append('data', JSON.stringify(payload));
  for (const image of images) form.append('images', image.file, image.name);
  return sendMultipart(id ? 'PUT' : 'POST', id ? `/api/admin/listings/${id}` : '/api/admin/listings', form, onProgress);
}

export function useSaveListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveListing,
    onSuccess: () => invalidateAdminData(queryClient),
  });
}
