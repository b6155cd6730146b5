import type { AdminBlogPostSummary } from '#shared/blog-editor-schema';
import { formatNairobiDateTime } from '#shared/nairobi-time';
import { useT } from '#web/i18n/locale-provider';

const BADGE = {
  draft: 'bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100',
  scheduled: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  published: 'bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100',
} as const;

/** A post's state as a badge, with when it went or goes public (Nairobi time). */
export function PostState({ post }: { post: Pick<AdminBlogPostSummary, 'state' | 'publishedAt'> }) {
  const t = useT();
  const when = post.publishedAt ? formatNairobiDateTime(post.publishedAt) : null;
  return (
    <span className="flex flex-col items-start gap-1">
      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE[post.state]}`}>
        {t(`adminBlog.states.${post.state}`)}
      </span>
      <span className="text-xs text-slate-700 dark:text-slate-300">
        {post.state === 'scheduled' && when
          ? t('adminBlog.scheduledFor', { time: when })
          : post.state === 'published' && when
            ? t('adminBlog.publishedOn', { time: when })
            : t('adminBlog.notPublished')}
      </span>
    </span>
  );
}
