import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client';
import { afterBlogChange } from './blog-changes';

export function deleteBlogPost(id: number): Promise<void> {
  return apiFetch<void>(`/api/admin/blog/posts/${id}`, { method: 'DELETE' });
}

export function useDeleteBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteBlogPost, onSuccess: () => afterBlogChange(queryClient) });
}
