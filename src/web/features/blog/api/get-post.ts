import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogPost } from '../../../../shared/blog';
import { type ApiGet, apiGet } from '../../../lib/api-client';

export const getPost = (id: string, get: ApiGet = apiGet) => get<BlogPost>(`/api/blog/posts/${encodeURIComponent(id)}`);

export const postQueryOptions = (id: string, get?: ApiGet) =>
  queryOptions({ queryKey: ['blog', 'post', id], queryFn: () => getPost(id, get) });

export const usePost = (id: string) => useQuery(postQueryOptions(id));
