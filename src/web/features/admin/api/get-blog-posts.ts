import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminBlogList, BlogPostState } from '#shared/blog-editor-schema';
import { apiFetch } from '#web/lib/api-client';

export interface AdminBlogRequest {
  q?: string;
  state?: BlogPostState;
  limit: number;
  offset: number;
}

export function getBlogPosts(request: AdminBlogRequest, signal?: AbortSignal): Promise<AdminBlogList> {
  const params = new URLSearchParams({ limit: String(request.limit), offset: String(request.offset) });
  if (request.q) params.set('q', request.q);
  if (request.state) params.set('state', request.state);
  return apiFetch(`/api/admin/blog/posts?${params}`, { signal });
}

export const blogPostsQueryOptions = (request: AdminBlogRequest) =>
  queryOptions({
    queryKey: ['admin', 'blog', 'list', request],
    queryFn: ({ signal }) => getBlogPosts(request, signal),
    placeholderData: keepPreviousData,
  });

export const useBlogPosts = (request: AdminBlogRequest) => useQuery(blogPostsQueryOptions(request));
