import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminBlogPost } from '#shared/blog-editor-schema';
import { apiFetch } from '#web/lib/api-client';

export const blogPostQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'blog', 'post', id],
    queryFn: ({ signal }) => apiFetch<AdminBlogPost>(`/api/admin/blog/posts/${id}`, { signal }),
  });

/** A post as the editor opens it; `id` null for a new post (nothing to load). */
export const useBlogPost = (id: number | null) => useQuery({ ...blogPostQueryOptions(id ?? 0), enabled: id !== null });
