import { BLOG_FEED_PATH } from '#shared/blog';
import { useLocale } from '#web/i18n/locale-provider';

/** `<link rel="alternate">` to the blog's RSS feed, in the reader's language (React puts it into <head>). */
export function FeedLink() {
  const { t, locale } = useLocale();
  return (
    <link rel="alternate" type="application/rss+xml" title={t('blog.feed')} href={`${BLOG_FEED_PATH}?lang=${locale}`} />
  );
}
