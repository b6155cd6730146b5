import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminBlogPost } from '#shared/blog-editor-schema';
import { apiFetch } from '#web/lib/api-client';
import { afterBlogChange } from './blog-changes';

/** Publish now, back to draft, or public from a given instant. */
export type BlogStateChange =
  | { id: number; action: 'publish' | 'unpublish' }
  | { id: number; action: 'schedule'; publishAt: string };

export function changeBlogPostState(change: BlogStateChange): Promise<AdminBlogPost> {
  return apiFetch(`/api/admin/blog/posts/${change.id}/${change.action}`, {
    method: 'POST',
    json: change.action === 'schedule' ? { publishAt: change.publishAt } : {},
  });
}

export function useChangeBlogPostState() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeBlogPostState, onSuccess: (post) => afterBlogChange(queryClient, post) });
}
