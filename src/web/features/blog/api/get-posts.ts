import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogPostsQuery, PublicReads } from '#shared/public-reads';
import { apiReads } from '#web/lib/api-reads';

export const postsQueryOptions = (query: BlogPostsQuery, reads: PublicReads = apiReads) =>
  queryOptions({ queryKey: ['blog', 'posts', query], queryFn: () => reads.blogPosts(query) });

/** Keeps the current page on screen while the next one loads. */
export const usePosts = (query: BlogPostsQuery) =>
  useQuery({ ...postsQueryOptions(query), placeholderData: keepPreviousData });
