import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Locale } from '#shared/i18n';
import type { PublicReads } from '#shared/public-reads';
import { apiReads } from '#web/lib/api-reads';

/** A post by its address (its slug, an old slug or an old numeric id), in the reader's language. */
export const postQueryOptions = (ref: string, locale: Locale, reads: PublicReads = apiReads) =>
  // retryOnMount: a post not found stays so as the page hydrates (see listingQueryOptions).
  queryOptions({
    queryKey: ['blog', 'post', ref, locale],
    queryFn: () => reads.blogPost(ref, locale),
    retryOnMount: false,
  });

export const usePost = (ref: string, locale: Locale) => useQuery(postQueryOptions(ref, locale));
