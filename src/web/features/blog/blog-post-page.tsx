import { Link, Navigate, useLocation, useParams } from 'react-router';
import { BLOG_FALLBACK_IMAGE, blogCategoryLabel, blogPostPath } from '#shared/blog';
import { responsiveImage } from '#shared/media';
import { PageMeta } from '#web/components/page-meta';
import { ArrowLeftIcon } from '#web/components/ui/icons';
import { SmartImage } from '#web/components/ui/smart-image';
import { useLocale } from '#web/i18n/locale-provider';
import { ApiError } from '#web/lib/api-client';
import { loadErrorMessage } from '#web/lib/load-error';
import type { PagePrefetch } from '#web/lib/page-prefetch';
import { postQueryOptions, usePost } from './api/get-post';
import { BLOG_IMAGE_RATIO_CLASS } from './components/blog-image';
import { FeedLink } from './components/feed-link';
import { formatPostDate } from './components/format-date';

export const prefetch: PagePrefetch = ({ queryClient, reads, params, locale }) =>
  queryClient.prefetchQuery(postQueryOptions(params.slug ?? '', locale, reads));

export default function BlogPostPage() {
  const { t, locale } = useLocale();
  const { slug = '' } = useParams();
  const { search } = useLocation();
  const post = usePost(slug, locale);

  const back = (
    <Link to="/blog" className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-800 hover:underline">
      <ArrowLeftIcon /> {t('blog.post.back')}
    </Link>
  );

  if (post.isPending) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12" aria-busy="true">
        <PageMeta title={t('blog.meta.title')} description={t('blog.meta.description')} />
        <p role="status">{t('common.states.loading')}</p>
      </div>
    );
  }
  if (post.isError) {
    const missing = post.error instanceof ApiError && (post.error.status === 404 || post.error.status === 400);
    return (
      <div className="mx-auto flex max-w-3xl flex-col items-start gap-4 px-4 py-12">
        <PageMeta title={t('blog.post.notFound')} description={t('blog.meta.description')} />
        <h1 className="text-3xl font-bold text-gray-900">
          {missing ? t('blog.post.notFound') : loadErrorMessage(post.error, t, 'blog.post.loadFailed')}
        </h1>
        {missing && <p className="text-gray-700">{t('blog.post.notFoundText')}</p>}
        {back}
      </div>
    );
  }

  const data = post.data;
  // A post without a Somali version reads in English on a Somali page: its texts say so.
  const lang = data.language === locale ? undefined : data.language;
  // An old address of the post (a link inside the app): its current one. The server answers 301.
  if (data.slug !== slug) return <Navigate to={`${blogPostPath(data.slug)}${search}`} replace />;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <PageMeta title={data.title} description={data.excerpt} />
      <FeedLink />
      {back}
      <p className="mt-6">
        <span className="rounded-full bg-brand-700 px-3 py-1 text-sm font-semibold text-white">
          {blogCategoryLabel(data.category, t)}
        </span>
      </p>
      {lang && (
        <p className="mt-4 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t('blog.post.noTranslation')}
        </p>
      )}
      <h1 lang={lang} className="mt-4 text-3xl font-extrabold text-gray-900 sm:text-4xl">
        {data.title}
      </h1>
      <p className="mt-2 text-gray-700">
        {data.author && (
          <>
            {t('blog.post.by', { author: data.author })}
            {' · '}
          </>
        )}
        <time dateTime={data.publishedAt}>{formatPostDate(data.publishedAt, locale)}</time>
        {' · '}
        {t('blog.readTime', { n: data.readTimeMinutes })}
      </p>
      <SmartImage
        {...responsiveImage(data.imageUrl ?? BLOG_FALLBACK_IMAGE, '(min-width: 896px) 896px, 100vw')}
        alt=""
        first
        width={1200}
        height={630}
        className={`mt-6 ${BLOG_IMAGE_RATIO_CLASS} w-full rounded-xl object-cover`}
      />
      <div
        lang={lang}
        className="post-body mt-8 text-gray-800"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server made this HTML from Markdown through its allow-list (modules/blog/markdown.ts).
        dangerouslySetInnerHTML={{ __html: data.html }}
      />
      <div className="mt-10">{back}</div>
    </article>
  );
}
