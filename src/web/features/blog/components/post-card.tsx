import { Link } from 'react-router';
import { BLOG_FALLBACK_IMAGE, type BlogPostSummary, blogCategoryLabel, blogPostPath } from '#shared/blog';
import { responsiveImage } from '#shared/media';
import { SmartImage } from '#web/components/ui/smart-image';
import { useLocale } from '#web/i18n/locale-provider';
import { BLOG_IMAGE_RATIO_CLASS } from './blog-image';
import { formatPostDate } from './format-date';

export function PostCard({ post, eager, first }: { post: BlogPostSummary; eager: boolean; first: boolean }) {
  const { t, locale } = useLocale();
  // A post without a Somali version reads in English on a Somali page: its texts say so.
  const lang = post.language === locale ? undefined : post.language;
  return (
    <article className="flex flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200">
      {/* The pictures carry their own title: shown whole, with nothing laid over them. */}
      <div className={`${BLOG_IMAGE_RATIO_CLASS} bg-gray-100`}>
        <SmartImage
          {...responsiveImage(
            post.imageUrl ?? BLOG_FALLBACK_IMAGE,
            '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw',
            960,
          )}
          alt=""
          eager={eager}
          first={first}
          width={640}
          height={336}
          className="h-full w-full object-cover"
        />
      </div>
      <div className="flex flex-1 flex-col p-5">
        <p className="mb-2">
          <span className="inline-block rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold text-white">
            {blogCategoryLabel(post.category, t)}
          </span>
          {lang && (
            <span className="ml-2 inline-block rounded-full bg-gray-100 px-3 py-1 text-xs font-semibold text-gray-800">
              {t('blog.post.englishOnly')}
            </span>
          )}
        </p>
        <h2 lang={lang} className="text-xl font-semibold text-gray-900">
          <Link to={blogPostPath(post.slug)} className="hover:text-brand-800">
            {post.title}
          </Link>
        </h2>
        <p className="mt-1 text-sm text-gray-700">
          <time dateTime={post.publishedAt}>{formatPostDate(post.publishedAt, locale)}</time>
          {' · '}
          {t('blog.readTime', { n: post.readTimeMinutes })}
        </p>
        <p lang={lang} className="mt-3 flex-1 text-gray-700">
          {post.excerpt}
        </p>
        <Link
          to={blogPostPath(post.slug)}
          aria-label={t('blog.readMoreAbout', { title: post.title })}
          className="mt-4 inline-flex min-h-11 items-center font-semibold text-brand-800 hover:underline"
        >
          {t('blog.readMore')} →
        </Link>
      </div>
    </article>
  );
}

export function PostCardSkeleton() {
  return (
    <div
      data-testid="post-skeleton"
      aria-hidden="true"
      className="animate-pulse overflow-hidden rounded-xl ring-1 ring-gray-200"
    >
      <div className={`${BLOG_IMAGE_RATIO_CLASS} bg-gray-200`} />
      <div className="space-y-3 p-5">
        <div className="h-5 w-3/4 rounded bg-gray-200" />
        <div className="h-4 w-1/3 rounded bg-gray-200" />
        <div className="h-4 rounded bg-gray-200" />
        <div className="h-4 w-5/6 rounded bg-gray-200" />
      </div>
    </div>
  );
}
