import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminBlogPost, BlogPostFormValues } from '#shared/blog-editor-schema';
import { afterBlogChange } from './blog-changes';
import { sendMultipart } from './send-multipart';

export interface SaveBlogPostInput {
  /** Absent for a new post. */
  id?: number;
  payload: BlogPostFormValues & { removeCover?: boolean };
  cover?: { file: Blob; name: string };
  onProgress?: (percent: number) => void;
}

/** The post and its new cover in one request: saved together or not at all. */
export function saveBlogPost({ id, payload, cover, onProgress }: SaveBlogPostInput): Promise<AdminBlogPost> {
  const form = new FormData();
  form.append('data', JSON.stringify(payload));
  if (cover) form.append('cover', cover.file, cover.name);
  const url = id ? `/api/admin/blog/posts/${id}` : '/api/admin/blog/posts';
  return sendMultipart(id ? 'PUT' : 'POST', url, form, onProgress);
}

export function useSaveBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveBlogPost, onSuccess: (post) => afterBlogChange(queryClient, post) });
}
