import { useState } from 'react';
import { Link } from 'react-router';
import { blogPostPath } from '#shared/blog';
import {
  ADMIN_BLOG_PAGE_SIZE,
  type AdminBlogPostSummary,
  BLOG_POST_STATES,
  type BlogPostState,
} from '#shared/blog-editor-schema';
import { formatNairobiDateTime } from '#shared/nairobi-time';
import { can } from '#shared/permissions';
import { Button, ButtonLink } from '#web/components/ui/button';
import { EmptyState } from '#web/components/ui/empty-state';
import { Field } from '#web/components/ui/field';
import { Select } from '#web/components/ui/select';
import { useDeleteBlogPost } from '#web/features/admin/api/delete-blog-post';
import { useBlogPosts } from '#web/features/admin/api/get-blog-posts';
import { ConfirmDeleteDialog } from '#web/features/admin/components/confirm-delete-dialog';
import { ErrorBanner } from '#web/features/admin/components/error-banner';
import { PageLinks } from '#web/features/admin/components/page-links';
import { SearchBox } from '#web/features/admin/components/search-box';
import { useUrlFilters } from '#web/features/admin/hooks/use-url-filters';
import type { SectionProps } from '#web/features/admin/section';
import { useT } from '#web/i18n/locale-provider';
import { PostState } from './post-state';

/** /admin/blog: every post, drafts and scheduled ones included, 20 a page, searched on the server. */
export function BlogPostList({ user, onError }: SectionProps) {
  const t = useT();
  const { update, hrefFor, page, oneOf, q } = useUrlFilters();
  const state = oneOf<BlogPostState | ''>('state', BLOG_POST_STATES, '') || undefined;
  const posts = useBlogPosts({
    q: q || undefined,
    state,
    limit: ADMIN_BLOG_PAGE_SIZE,
    offset: (page - 1) * ADMIN_BLOG_PAGE_SIZE,
  });
  const remove = useDeleteBlogPost();
  const [deleting, setDeleting] = useState<AdminBlogPostSummary | null>(null);
  const [done, setDone] = useState('');
  const canDelete = can(user.role, 'delete');
  const items = posts.data?.items ?? [];
  const total = posts.data?.total ?? 0;

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => setDone(t('adminBlog.deleted')),
      onError: (error) => onError(error.message),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <section aria-labelledby="blog-title" className="space-y-4 rounded-xl bg-white p-4 shadow-sm dark:bg-slate-800">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="blog-title" className="text-lg font-semibold">
          {t('adminBlog.title')}
        </h2>
        <ButtonLink to="/admin/blog/new">+ {t('adminBlog.newPost')}</ButtonLink>
      </div>

      <div className="grid gap-3 sm:grid-cols-3">
        <SearchBox
          id="admin-blog-q"
          className="sm:col-span-2"
          value={q}
          placeholder={t('adminBlog.searchPlaceholder')}
          onSearch={(text) => update({ q: text })}
        />
        <Field id="admin-blog-state" label={t('adminBlog.state')}>
          {(control) => (
            <Select
              {...control}
              value={state ?? ''}
              onChange={(e) => update({ state: e.target.value })}
              placeholder={t('adminBlog.allStates')}
              options={BLOG_POST_STATES.map((value) => ({ value, label: t(`adminBlog.states.${value}`) }))}
            />
          )}
        </Field>
      </div>

      <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
        {posts.data && t('adminBlog.count', { n: total.toLocaleString('en-KE') })}
        {done && ` · ${done}`}
      </p>

      {posts.isError && <ErrorBanner message={t('admin.dashboard.loadFailed')} />}
      {posts.isPending ? (
        <p role="status" className="py-8 text-center text-slate-700 dark:text-slate-300">
          {t('admin.dashboard.loadingData')}
        </p>
      ) : items.length === 0 ? (
        <EmptyState text={q || state ? t('adminBlog.noMatches') : t('adminBlog.empty')} />
      ) : (
        <ul aria-busy={posts.isFetching} className="divide-y divide-slate-200 dark:divide-slate-700">
          {items.map((post) => (
            <li key={post.id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center">
              <div className="min-w-0 flex-1">
                <Link
                  to={`/admin/blog/${post.id}`}
                  className="font-semibold break-words text-brand-800 hover:underline dark:text-brand-100"
                >
                  {post.title}
                </Link>
                <p className="text-xs break-all text-slate-700 dark:text-slate-300">
                  {blogPostPath(post.slug)}
                  {post.hasSomali && ` · ${t('adminBlog.somaliBadge')}`}
                  {' · '}
                  {t('adminBlog.columns.updated')}: {formatNairobiDateTime(post.updatedAt)}
                </p>
              </div>
              <PostState post={post} />
              <div className="flex flex-wrap gap-2">
                <ButtonLink variant="secondary" size="sm" to={`/admin/blog/${post.id}`}>
                  {t('adminBlog.edit')}
                </ButtonLink>
                {post.state === 'published' && (
                  <ButtonLink variant="secondary" size="sm" href={blogPostPath(post.slug)} target="_blank">
                    {t('adminBlog.view')}
                  </ButtonLink>
                )}
                {canDelete && (
                  <Button variant="danger-outline" size="sm" onClick={() => setDeleting(post)}>
                    {t('adminBlog.delete')}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <PageLinks page={page} pages={Math.max(1, Math.ceil(total / ADMIN_BLOG_PAGE_SIZE))} hrefFor={hrefFor} />

      {deleting && (
        <ConfirmDeleteDialog
          title={t('adminBlog.deleteDialog.title')}
          message={t('adminBlog.deleteDialog.message', { title: deleting.title })}
          deleting={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={confirmDelete}
        />
      )}
    </section>
  );
}
