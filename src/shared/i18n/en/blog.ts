/** The blog list and post pages. */
export const blog = {
  meta: {
    title: 'Blog & News',
    description:
      'News and guides for the Somali diaspora: business, real estate, travel, digital marketing, investment and finance in East Africa.',
  },
  title: 'Our Blog & News',
  subtitle: 'Insights, guides and stories for the Somali diaspora and East African businesses.',
  categoriesLabel: 'Filter posts by category',
  all: 'All',
  /** The stored categories (the database keeps the English name as the key). */
  categories: {
    business: 'Business',
    realEstate: 'Real Estate',
    travel: 'Travel',
    digitalMarketing: 'Digital Marketing',
    investment: 'Investment',
    finance: 'Finance',
  },
  featured: 'Featured',
  feed: 'Blog & News (RSS)',
  readTime: '{n} min read',
  readMore: 'Read More',
  readMoreAbout: 'Read more: {title}',
  loadFailed: 'Failed to load blog posts. Please try again.',
  empty: {
    title: 'No posts found',
    text: 'We couldn\'t find any blog posts in the "{category}" category. Try selecting a different category or check back later for new content.',
  },
  pagination: {
    label: 'Blog pages',
    previous: 'Previous',
    next: 'Next',
    page: 'Page {n}',
  },
  post: {
    /** On a page in another language, a post that has no version in it. */
    noTranslation: 'This post has no version in your language yet; it is shown in English.',
    englishOnly: 'English only',
    back: 'Back to Blog',
    by: 'By {author}',
    notFound: 'Blog post not found',
    notFoundText: 'This post may have been moved or removed.',
    loadFailed: 'Failed to load this blog post. Please try again.',
  },
} as const;
