import '#web/lib/zod-csp';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type AdminBlogPost, blogScheduleFormSchema } from '#shared/blog-editor-schema';
import type { MessageKey } from '#shared/i18n';
import { formatNairobiDateTime, nairobiInputOf } from '#shared/nairobi-time';
import { Button } from '#web/components/ui/button';
import { CONTROL_CLASS, Field } from '#web/components/ui/field';
import { type BlogStateChange, useChangeBlogPostState } from '#web/features/admin/api/change-blog-post-state';
import { useT } from '#web/i18n/locale-provider';
import { ApiError } from '#web/lib/api-client';
import { PostState } from './post-state';

type ScheduleInput = { date: string; time: string };

/** Tomorrow at 09:00 in Nairobi: where a new schedule starts. */
function defaultSchedule(post: AdminBlogPost): ScheduleInput {
  if (post.state === 'scheduled' && post.publishedAt) return nairobiInputOf(post.publishedAt);
  const tomorrow = nairobiInputOf(new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString());
  return { date: tomorrow.date, time: '09:00' };
}

/**
 * A saved post's state and what can be done with it: publish now, back to draft, or
 * public from a date and time on the Nairobi clock (it goes public by itself then).
 */
export function PublicationPanel({
  post,
  unsaved,
  onError,
  onDone,
}: {
  post: AdminBlogPost;
  /** The form holds changes not saved yet: publishing would publish the saved version. */
  unsaved: boolean;
  onError: (message: string) => void;
  onDone: (message: string) => void;
}) {
  const t = useT();
  const change = useChangeBlogPostState();
  const form = useForm<ScheduleInput, unknown, { publishAt: string }>({
    defaultValues: defaultSchedule(post),
    resolver: zodResolver(blogScheduleFormSchema),
  });
  const run = (request: BlogStateChange, done: (saved: AdminBlogPost) => string) =>
    change.mutate(request, {
      onSuccess: (saved) => onDone(done(saved)),
      onError: (error) => {
        const field = error instanceof ApiError ? error.fields.publishAt : undefined;
        if (field) form.setError('date', { message: field });
        onError(error.message);
      },
    });
  const schedule = form.handleSubmit(({ publishAt }) =>
    run({ id: post.id, action: 'schedule', publishAt }, (saved) =>
      t('adminBlog.publishing.scheduled', { time: formatNairobiDateTime(saved.publishedAt ?? publishAt) }),
    ),
  );
  const error = form.formState.errors.date?.message;
  const disabled = change.isPending || unsaved;

  return (
    <section
      aria-labelledby="blog-publication"
      className="space-y-3 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h3 id="blog-publication" className="font-semibold">
          {t('adminBlog.publishing.title')}
        </h3>
        <PostState post={post} />
      </div>
      {unsaved && <p className="text-sm text-amber-900 dark:text-amber-200">{t('adminBlog.publishing.unsaved')}</p>}
      <div className="flex flex-wrap gap-2">
        {post.state !== 'published' && (
          <Button
            size="sm"
            disabled={disabled}
            onClick={() => run({ id: post.id, action: 'publish' }, () => t('adminBlog.publishing.published'))}
          >
            {t('adminBlog.publishing.publishNow')}
          </Button>
        )}
        {post.state !== 'draft' && (
          <Button
            variant="secondary"
            size="sm"
            disabled={disabled}
            onClick={() => run({ id: post.id, action: 'unpublish' }, () => t('adminBlog.publishing.unpublished'))}
          >
            {t('adminBlog.publishing.unpublish')}
          </Button>
        )}
      </div>
      <form onSubmit={schedule} noValidate className="flex flex-wrap items-end gap-2">
        <Field
          id="blog-schedule-date"
          label={t('adminBlog.publishing.scheduleDate')}
          error={error ? (error.startsWith('adminBlog.') ? t(error as MessageKey) : error) : null}
        >
          {(control) => <input {...control} type="date" {...form.register('date')} className={CONTROL_CLASS} />}
        </Field>
        <Field id="blog-schedule-time" label={t('adminBlog.publishing.scheduleTime')}>
          {(control) => <input {...control} type="time" {...form.register('time')} className={CONTROL_CLASS} />}
        </Field>
        <Button type="submit" variant="secondary" size="sm" disabled={disabled}>
          {t('adminBlog.publishing.schedule')}
        </Button>
      </form>
    </section>
  );
}
