import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Listing } from '../../../../shared/listing';
import type { ListingPayloadInput } from '../../../../shared/listing-form-schema';
import { ApiError } from '../../../lib/api-client';
import { invalidateAdminData } from './admin-data';

export interface SaveListingInput {
  id?: string;
  payload: ListingPayloadInput;
  images: { file: Blob; name: string }[];
  onProgress?: (percent: number) => void;
}

/**
 * Sends the listing and its new images in one multipart request (saved together or not at
 * all). XMLHttpRequest because fetch cannot report upload progress.
 */
export function saveListing({ id, payload, images, onProgress }: SaveListingInput): Promise<Listing> {
  const form = new FormData();
  form.append('data', JSON.stringify(payload));
  for (const image of images) form.append('images', image.file, image.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(id ? 'PUT' : 'POST', id ? `/api/admin/listings/${id}` : '/api/admin/listings');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = xhr.response as (Listing & { message?: string; fields?: Record<string, string> }) | null;
      if (xhr.status >= 200 && xhr.status < 300 && body) return resolve(body);
      reject(new ApiError(xhr.status, body?.message ?? `Request failed (${xhr.status}).`, body?.fields));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error. Check your connection and try again.'));
    xhr.send(form);
  });
}

export function useSaveListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveListing,
    onSuccess: () => invalidateAdminData(queryClient),
  });
}
