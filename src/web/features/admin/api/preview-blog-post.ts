import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client';

/**
 * The HTML the public page would show for this Markdown, made by the server with the same
 * rules (no Markdown code in the browser).
 */
export function useBlogPreview(body: string) {
  return useQuery({
    queryKey: ['admin', 'blog', 'preview', body],
    queryFn: ({ signal }) =>
      apiFetch<{ html: string }>('/api/admin/blog/preview', { method: 'POST', json: { body }, signal }),
    enabled: body.trim() !== '',
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
