import { Route, Routes } from 'react-router';
import type { SectionProps } from '#web/features/admin/section';
import { BlogPostEditor } from './blog-post-editor';
import { BlogPostList } from './blog-post-list';

/** /admin/blog: the posts (list), /admin/blog/new and /admin/blog/{id} (the editor), each its own address. */
export function BlogSection(props: SectionProps) {
  return (
    <Routes>
      <Route index element={<BlogPostList {...props} />} />
      <Route path="new" element={<BlogPostEditor {...props} />} />
      <Route path=":id" element={<BlogPostEditor {...props} />} />
    </Routes>
  );
}
