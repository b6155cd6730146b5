import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogPost } from '../../../../shared/blog';
import { apiFetch } from '../../../lib/api-client';

export const getPost = (id: string) => apiFetch<BlogPost>(`/api/blog/posts/${encodeURIComponent(id)}`);

export const postQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['blog', 'post', id], queryFn: () => getPost(id) });

export const usePost = (id: string) => useQuery(postQueryOptions(id));
