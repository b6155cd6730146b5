import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogPost } from '../../../../shared/blog';
import type { Locale } from '../../../../shared/i18n';
import { type ApiGet, apiGet } from '../../../lib/api-client';

/** A post by its address (its slug, an old slug or an old numeric id), in the reader's language. */
export const getPost = (ref: string, locale: Locale, get: ApiGet = apiGet) =>
  get<BlogPost>(`/api/blog/posts/${encodeURIComponent(ref)}?lang=${locale}`);

export const postQueryOptions = (ref: string, locale: Locale, get?: ApiGet) =>
  queryOptions({ queryKey: ['blog', 'post', ref, locale], queryFn: () => getPost(ref, locale, get) });

export const usePost = (ref: string, locale: Locale) => useQuery(postQueryOptions(ref, locale));
