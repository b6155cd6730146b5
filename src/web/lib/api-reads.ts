import type { PublicReads } from '#shared/public-reads';
import { apiFetch } from './api-client';

/** The public reads in the browser: the JSON API over HTTP. */
export const apiReads: PublicReads = {
  siteSettings: () => apiFetch('/api/site-settings'),
  exchangeRates: () => apiFetch('/api/exchange-rates'),
  blogCategories: () => apiFetch('/api/blog/categories'),
  blogPosts: ({ category, page, locale }) => {
    const params = new URLSearchParams({ page: String(page), lang: locale });
    if (category) params.set('category', category);
    return apiFetch(`/api/blog/posts?${params}`);
  },
  blogPost: (ref, locale) => apiFetch(`/api/blog/posts/${encodeURIComponent(ref)}?lang=${locale}`),
  listings: (params) => apiFetch(`/api/listings?${params}`),
  listing: (id) => apiFetch(`/api/listings/${encodeURIComponent(id)}`),
  similarListings: (id) => apiFetch(`/api/listings/${encodeURIComponent(id)}/similar`),
  sellerListing: (token) => apiFetch(`/api/seller-listing?token=${encodeURIComponent(token)}`),
  privacyPolicy: (locale) => apiFetch(`/api/privacy-policy?lang=${locale}`),
};
