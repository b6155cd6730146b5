import { useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { BLOG_EAGER_IMAGES, BLOG_PAGE_SIZE, blogCategoryLabel } from '#shared/blog';
import type { Locale } from '#shared/i18n';
import type { BlogPostsQuery } from '#shared/public-reads';
import { PageMeta } from '#web/components/page-meta';
import { Button } from '#web/components/ui/button';
import { EmptyState } from '#web/components/ui/empty-state';
import { FormMessage } from '#web/components/ui/form-message';
import { Pagination, pageHref } from '#web/components/ui/pagination';
import { useLocale } from '#web/i18n/locale-provider';
import { loadErrorMessage } from '#web/lib/load-error';
import type { PagePrefetch } from '#web/lib/page-prefetch';
import { categoriesQueryOptions, useCategories } from './api/get-categories';
import { postsQueryOptions, usePosts } from './api/get-posts';
import { FeedLink } from './components/feed-link';
import { PostCard, PostCardSkeleton } from './components/post-card';

const chipClass = 'min-h-11 rounded-full px-4 font-medium';

/** The list the URL asks for: `?category=` and `?page=` (from 1). */
function postsQueryOf(params: URLSearchParams, locale: Locale): BlogPostsQuery {
  return {
    category: params.get('category') || undefined,
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
    locale,
  };
}

/** The last page there is, when the address asks for one past it (else null); no posts: page 1. */
function lastPageIfPast(data: { pageCount: number }, page: number): number | null {
  const last = Math.max(1, data.pageCount);
  return page > last ? last : null;
}

/** A page past the last one is a redirect to the last one, as on the listing pages. */
export const prefetch: PagePrefetch = async ({ queryClient, reads, url, locale, redirect }) => {
  const query = postsQueryOf(url.searchParams, locale);
  const options = postsQueryOptions(query, reads);
  await Promise.all([queryClient.prefetchQuery(options), queryClient.prefetchQuery(categoriesQueryOptions(reads))]);
  const data = queryClient.getQueryData(options.queryKey);
  const last = data ? lastPageIfPast(data, query.page) : null;
  if (last !== null) redirect(pageHref(url, last));
};

/** docs/product.md#blog: from the database; category and page live in the URL. */
export default function BlogPage() {
  const { t, locale } = useLocale();
  const [params, setParams] = useSearchParams();
  const { category = '', page } = postsQueryOf(params, locale);
  const posts = usePosts({ category: category || undefined, page, locale });
  const categories = useCategories();

  const location = useLocation();
  const navigate = useNavigate();
  // As the server does: a page past the end is the last one.
  const last = posts.data && !posts.isPlaceholderData ? lastPageIfPast(posts.data, page) : null;
  const moveTo = last !== null ? pageHref(location, last) : null;
  useEffect(() => {
    if (moveTo) void navigate(moveTo, { replace: true, preventScrollReset: true });
  }, [moveTo, navigate]);
  /** A category starts again at its first page. */
  const pickCategory = (name: string) => setParams(name ? { category: name } : {});

  return (
    <>
      <PageMeta title={t('blog.meta.title')} description={t('blog.meta.description')} />
      <FeedLink />
      <section className="bg-brand-800 py-14 text-white">
        <div className="mx-auto max-w-4xl px-4 text-center">
          <h1 className="text-4xl font-extrabold">{t('blog.title')}</h1>
          <p className="mt-3 text-lg text-brand-50">{t('blog.subtitle')}</p>
        </div>
      </section>
      <div className="mx-auto max-w-7xl px-4 py-10">
        <fieldset className="flex flex-wrap justify-center gap-2">
          <legend className="sr-only">{t('blog.categoriesLabel')}</legend>
          {['', ...(categories.data?.categories ?? [])].map((name) => {
            const selected = name === category;
            return (
              <button
                key={name || 'all'}
                type="button"
                aria-pressed={selected}
                onClick={() => pickCategory(name)}
                className={`${chipClass} ${selected ? 'bg-brand-700 text-white' : 'bg-gray-100 text-gray-900 hover:bg-gray-200'}`}
              >
                {name ? blogCategoryLabel(name, t) : t('blog.all')}
              </button>
            );
          })}
        </fieldset>

        {posts.isError && !posts.data ? (
          <div className="mx-auto mt-10 flex max-w-lg flex-col items-center gap-4">
            <FormMessage tone="error">{loadErrorMessage(posts.error, t, 'blog.loadFailed')}</FormMessage>
            <Button onClick={() => posts.refetch()}>{t('common.states.tryAgain')}</Button>
          </div>
        ) : posts.isPending || moveTo ? (
          <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
            <span className="sr-only" role="status">
              {t('common.states.loading')}
            </span>
            {Array.from({ length: BLOG_PAGE_SIZE }, (_, i) => (
              <PostCardSkeleton key={i} />
            ))}
          </div>
        ) : posts.data.posts.length === 0 ? (
          <div className="mx-auto mt-12 max-w-xl">
            <EmptyState
              title={t('blog.empty.title')}
              text={t('blog.empty.text', { category: category ? blogCategoryLabel(category, t) : t('blog.all') })}
            />
          </div>
        ) : (
          <>
            <div
              className={`mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 ${posts.isPlaceholderData ? 'opacity-60' : ''}`}
              aria-busy={posts.isPlaceholderData}
            >
              {posts.data.posts.map((post, index) => (
                <PostCard key={post.id} post={post} eager={index < BLOG_EAGER_IMAGES} first={index === 0} />
              ))}
            </div>
            <Pagination
              className="mt-10"
              page={page}
              pages={posts.data.pageCount}
              hrefFor={(n) => pageHref(location, n)}
              label={t('blog.pagination.label')}
              previous={t('blog.pagination.previous')}
              next={t('blog.pagination.next')}
              pageName={(n) => t('blog.pagination.page', { n })}
              scrollToTop
            />
          </>
        )}
      </div>
    </>
  );
}
