import '#web/lib/zod-csp';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { BLOG_CATEGORIES, blogCategoryLabel, blogPostPath } from '#shared/blog';
import {
  type AdminBlogPost,
  BLOG_LIMITS,
  type BlogPostFormValues,
  type BlogPostPayload,
  blogPostFormValues,
  blogPostPayloadSchema,
  EMPTY_BLOG_POST,
  readingMinutes,
  slugFromTitle,
} from '#shared/blog-editor-schema';
import { can } from '#shared/permissions';
import { Button } from '#web/components/ui/button';
import { useDeleteBlogPost } from '#web/features/admin/api/delete-blog-post';
import { useBlogPost } from '#web/features/admin/api/get-blog-post';
import { useSaveBlogPost } from '#web/features/admin/api/save-blog-post';
import { ConfirmDeleteDialog } from '#web/features/admin/components/confirm-delete-dialog';
import { ErrorBanner } from '#web/features/admin/components/error-banner';
import { FormInput, FormSelect, FormTextarea } from '#web/features/admin/components/form-fields';
import type { SectionProps } from '#web/features/admin/section';
import { useT } from '#web/i18n/locale-provider';
import { ApiError } from '#web/lib/api-client';
import { CoverPicker, useCover } from './cover-picker';
import { MarkdownPreview } from './markdown-preview';
import { PublicationPanel } from './publication-panel';

const ID = /^[1-9]\d{0,9}$/;

/** /admin/blog/new and /admin/blog/{id}: the editor, with the post loaded from the server. */
export function BlogPostEditor(props: SectionProps) {
  const t = useT();
  const { id: param } = useParams();
  const id = param && ID.test(param) ? Number(param) : null;
  const post = useBlogPost(id);
  if (param && id === null) return <Navigate to="/admin/blog" replace />;
  const back = (
    <Link to="/admin/blog" className="font-medium text-brand-800 hover:underline dark:text-brand-100">
      ← {t('adminBlog.backToList')}
    </Link>
  );
  if (id !== null && post.isPending) {
    return (
      <p role="status" className="py-8 text-center">
        {t('adminBlog.loading')}
      </p>
    );
  }
  if (post.isError) {
    return (
      <div className="space-y-4">
        <ErrorBanner
          message={
            post.error instanceof ApiError && post.error.status === 404
              ? t('adminBlog.errors.notFound')
              : post.error.message
          }
        />
        {back}
      </div>
    );
  }
  // A new form for each post: nothing typed for one shows on another.
  return <EditorForm key={post.data?.id ?? 'new'} post={post.data ?? null} back={back} {...props} />;
}

function EditorForm({
  post,
  back,
  user,
  onError,
}: SectionProps & { post: AdminBlogPost | null; back: React.ReactNode }) {
  const t = useT();
  const navigate = useNavigate();
  const save = useSaveBlogPost();
  const remove = useDeleteBlogPost();
  const form = useForm<BlogPostFormValues, unknown, BlogPostPayload>({
    defaultValues: post ? blogPostFormValues(post) : EMPTY_BLOG_POST,
    resolver: zodResolver(blogPostPayloadSchema),
  });
  const cover = useCover(post?.imageUrl ?? null);
  // A new post opens as itself once saved; the address's state carries the word that it was.
  const justCreated = (useLocation().state as { created?: boolean } | null)?.created === true;
  const [message, setMessage] = useState<{ tone: 'error' | 'done'; text: string } | null>(
    justCreated ? { tone: 'done', text: t('adminBlog.form.saved') } : null,
  );
  const [progress, setProgress] = useState<number | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const body = useWatch({ control: form.control, name: 'body' });
  const busy = save.isPending || cover.preparing;
  const unsaved = form.formState.isDirty || cover.pending !== null || cover.removed;

  const onSubmit = form.handleSubmit(async (values) => {
    setMessage(null);
    try {
      const saved = await save.mutateAsync({
        id: post?.id,
        payload: { ...values, ...(cover.removed ? { removeCover: true } : {}) },
        cover: cover.pending ?? undefined,
        onProgress: setProgress,
      });
      cover.saved(saved.imageUrl);
      form.reset(blogPostFormValues(saved));
      setMessage({ tone: 'done', text: t('adminBlog.form.saved') });
      if (!post) navigate(`/admin/blog/${saved.id}`, { replace: true, state: { created: true } });
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [field, text] of Object.entries(error.fields)) {
          if (field in EMPTY_BLOG_POST) form.setError(field as keyof BlogPostFormValues, { message: text });
        }
      }
      setMessage({ tone: 'error', text: error instanceof Error ? error.message : t('adminBlog.errors.saveFailed') });
    } finally {
      setProgress(null);
    }
  });

  const title = post ? t('adminBlog.editTitle') : t('adminBlog.createTitle');
  return (
    <section aria-labelledby="blog-editor-title" className="space-y-4">
      {back}
      <div className="rounded-xl bg-white p-4 shadow-sm dark:bg-slate-800">
        <h2 id="blog-editor-title" className="mb-4 text-lg font-semibold">
          {title}
          {post && <span className="block text-sm font-normal break-all">{blogPostPath(post.slug)}</span>}
        </h2>
        {post && (
          <PublicationPanel
            post={post}
            unsaved={unsaved}
            onError={(text) => setMessage({ tone: 'error', text })}
            onDone={(text) => setMessage({ tone: 'done', text })}
          />
        )}
        <FormProvider {...form}>
          <form onSubmit={onSubmit} noValidate className="mt-4">
            <fieldset disabled={busy} className="grid gap-4 lg:grid-cols-2">
              <legend className="sr-only">{t('adminBlog.form.english')}</legend>
              <FormInput<BlogPostFormValues>
                name="title"
                label={t('adminBlog.form.title')}
                maxLength={BLOG_LIMITS.title}
                className="lg:col-span-2"
              />
              <div className="lg:col-span-2">
                <FormInput<BlogPostFormValues>
                  name="slug"
                  label={t('adminBlog.form.slug')}
                  maxLength={BLOG_LIMITS.slug}
                  hint={t('adminBlog.form.slugHint', { url: blogPostPath(form.watch('slug') || 'my-post') })}
                />
                <Button
                  variant="secondary"
                  size="sm"
                  className="mt-2"
                  onClick={() =>
                    form.setValue('slug', slugFromTitle(form.getValues('title')), {
                      shouldDirty: true,
                      shouldValidate: true,
                    })
                  }
                >
                  {t('adminBlog.form.slugFromTitle')}
                </Button>
              </div>
              <FormSelect<BlogPostFormValues>
                name="category"
                label={t('adminBlog.form.category')}
                options={BLOG_CATEGORIES.map((value) => ({ value, label: blogCategoryLabel(value, t) }))}
              />
              <FormInput<BlogPostFormValues>
                name="author"
                label={t('adminBlog.form.author')}
                maxLength={BLOG_LIMITS.author}
              />
              <FormTextarea<BlogPostFormValues>
                name="excerpt"
                label={t('adminBlog.form.excerpt')}
                hint={t('adminBlog.form.excerptHint')}
                rows={2}
                className="lg:col-span-2"
              />
              <FormTextarea<BlogPostFormValues>
                name="body"
                label={t('adminBlog.form.body')}
                hint={t('adminBlog.form.bodyHint')}
                rows={16}
                className="min-w-0"
              />
              <MarkdownPreview name="body" lang="en" />
              <FormInput<BlogPostFormValues>
                name="readTimeMinutes"
                type="number"
                inputMode="numeric"
                min={1}
                max={BLOG_LIMITS.readTime}
                label={t('adminBlog.form.readTime')}
                hint={t('adminBlog.form.readTimeHint', { n: readingMinutes(body ?? '') })}
                setValueAs={(value: unknown) => (value === '' || value === null ? null : Number(value))}
              />
              <CoverPicker cover={cover} disabled={busy} />
            </fieldset>

            <fieldset
              disabled={busy}
              className="mt-6 grid gap-4 border-t border-slate-200 pt-4 lg:grid-cols-2 dark:border-slate-700"
            >
              <legend className="pt-4 text-base font-semibold">{t('adminBlog.form.somali')}</legend>
              <p className="text-sm text-slate-700 lg:col-span-2 dark:text-slate-300">
                {t('adminBlog.form.somaliHint')}
              </p>
              <FormInput<BlogPostFormValues>
                name="titleSo"
                lang="so"
                label={t('adminBlog.form.title')}
                maxLength={BLOG_LIMITS.title}
                className="lg:col-span-2"
              />
              <FormTextarea<BlogPostFormValues>
                name="excerptSo"
                lang="so"
                label={t('adminBlog.form.excerpt')}
                rows={2}
                className="lg:col-span-2"
              />
              <FormTextarea<BlogPostFormValues>
                name="bodySo"
                lang="so"
                label={t('adminBlog.form.body')}
                rows={12}
                className="min-w-0"
              />
              <MarkdownPreview name="bodySo" lang="so" />
            </fieldset>

            {message && (
              <div className="mt-4">
                {message.tone === 'error' ? (
                  <ErrorBanner message={message.text} onDismiss={() => setMessage(null)} />
                ) : (
                  <p role="status" className="text-sm font-medium text-green-800 dark:text-green-300">
                    {message.text}
                  </p>
                )}
              </div>
            )}
            {progress !== null && <progress value={progress} max={100} className="mt-3 h-2 w-full accent-brand-700" />}
            <div className="mt-4 flex flex-wrap justify-end gap-3">
              {post && can(user.role, 'delete') && (
                <Button variant="danger-outline" onClick={() => setConfirmingDelete(true)} disabled={busy}>
                  {t('adminBlog.delete')}
                </Button>
              )}
              <Button type="submit" loading={save.isPending} loadingText={t('adminBlog.form.saving')} disabled={busy}>
                {post ? t('adminBlog.form.save') : t('adminBlog.form.saveDraft')}
              </Button>
            </div>
          </form>
        </FormProvider>
      </div>
      {post && confirmingDelete && (
        <ConfirmDeleteDialog
          title={t('adminBlog.deleteDialog.title')}
          message={t('adminBlog.deleteDialog.message', { title: post.title })}
          deleting={remove.isPending}
          onCancel={() => setConfirmingDelete(false)}
          onConfirm={() =>
            remove.mutate(post.id, {
              onSuccess: () => navigate('/admin/blog', { replace: true }),
              onError: (error) => {
                setConfirmingDelete(false);
                onError(error.message);
              },
            })
          }
        />
      )}
    </section>
  );
}
