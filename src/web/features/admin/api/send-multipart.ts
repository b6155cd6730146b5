import { ApiError } from '#web/lib/api-client';

/**
 * Sends a record and its files in one multipart request (saved together or not at all).
 * XMLHttpRequest because fetch cannot report upload progress.
 */
export function sendMultipart<T>(
  method: 'POST' | 'PUT',
  url: string,
  form: FormData,
  onProgress?: (percent: number) => void,
  headers: Record<string, string> = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.setRequestHeader('accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = xhr.response as (T & { message?: string; fields?: Record<string, string> }) | null;
      if (xhr.status >= 200 && xhr.status < 300 && body) return resolve(body);
      reject(new ApiError(xhr.status, body?.message ?? `Request failed (${xhr.status}).`, body?.fields));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error. Check your connection and try again.'));
    xhr.send(form);
  });
}
