import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogList } from '../../../../shared/blog';
import type { Locale } from '../../../../shared/i18n';
import { type ApiGet, apiGet } from '../../../lib/api-client';

export interface PostsQuery {
  category?: string;
  page: number;
  /** Posts with a Somali version read in Somali to Somali readers. */
  locale: Locale;
}

export const getPosts = ({ category, page, locale }: PostsQuery, get: ApiGet = apiGet) => {
  const params = new URLSearchParams({ page: String(page), lang: locale });
  if (category) params.set('category', category);
  return get<BlogList>(`/api/blog/posts?${params}`);
};

export const postsQueryOptions = (query: PostsQuery, get?: ApiGet) =>
  queryOptions({ queryKey: ['blog', 'posts', query], queryFn: () => getPosts(query, get) });

/** Keeps the current page on screen while the next one loads. */
export const usePosts = (query: PostsQuery) =>
  useQuery({ ...postsQueryOptions(query), placeholderData: keepPreviousData });
