import type { QueryClient } from '@tanstack/react-query';
import type { AdminBlogPost } from '#shared/blog-editor-schema';
import { invalidateAdminData } from './admin-data';
import { blogPostQueryOptions } from './get-blog-post';

/** After a blog change: the editor shows the post as saved; lists and the public blog are read again. */
export async function afterBlogChange(queryClient: QueryClient, post?: AdminBlogPost) {
  if (post) queryClient.setQueryData(blogPostQueryOptions(post.id).queryKey, post);
  queryClient.removeQueries({ queryKey: ['blog'] });
  await invalidateAdminData(queryClient);
}
