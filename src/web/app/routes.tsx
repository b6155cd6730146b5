import { Navigate, type RouteObject } from 'react-router';
import type { PageHandle, PageModule } from '../lib/page-prefetch';
import { prefetchSiteSettings } from '../lib/site-settings';
import { PublicLayout } from './layouts/public-layout';
import { RouteErrorBoundary } from './route-error-boundary';

/**
 * Loads a page module only when its route is visited, so each page is its own chunk. Public
 * pages are rendered on the server too; the staff area renders in the browser only.
 */
const page =
  (load: () => Promise<PageModule>, { serverRendered = true } = {}) =>
  async () => {
    const module = await load();
    const handle: PageHandle = { serverRendered, prefetch: module.prefetch };
    return { Component: module.default, handle };
  };

/** The app's routes, for the browser router and the server renderer alike. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorBoundary />,
    children: [
      {
        element: <PublicLayout />,
        // The footer and contact details come from the site settings, loaded with every page.
        handle: { serverRendered: true, prefetch: prefetchSiteSettings } satisfies PageHandle,
        children: [
          { index: true, lazy: page(() => import('../features/home/home-page')) },
          { path: 'marketplace', lazy: page(() => import('../features/listings/pages/marketplace-page')) },
          { path: 'real-estate', lazy: page(() => import('../features/listings/pages/real-estate-page')) },
          { path: 'business-sales', lazy: page(() => import('../features/listings/pages/business-sales-page')) },
          { path: 'visa-assistance', lazy: page(() => import('../features/listings/pages/visa-assistance-page')) },
          { path: 'marketplace/:id', lazy: page(() => import('../features/listings/pages/listing-detail-page')) },
          { path: 'real-estate/:id', lazy: page(() => import('../features/listings/pages/listing-detail-page')) },
          { path: 'business-sales/:id', lazy: page(() => import('../features/listings/pages/listing-detail-page')) },
          { path: 'visa-assistance/:id', lazy: page(() => import('../features/listings/pages/listing-detail-page')) },
          { path: 'saved', lazy: page(() => import('../features/listings/pages/saved-page')) },
          { path: 'about', lazy: page(() => import('../features/about/about-page')) },
          { path: 'blog', lazy: page(() => import('../features/blog/blog-page')) },
          { path: 'blog/:slug', lazy: page(() => import('../features/blog/blog-post-page')) },
          { path: 'contact', lazy: page(() => import('../features/contact/contact-page')) },
          { path: 'faq', lazy: page(() => import('../features/static-pages/faq-page')) },
          { path: 'terms', lazy: page(() => import('../features/static-pages/terms-page')) },
          { path: 'privacy', lazy: page(() => import('../features/static-pages/privacy-page')) },
          { path: 'ticketing', element: <Navigate to="/visa-assistance" replace /> },
          { path: 'cargo', element: <Navigate to="/visa-assistance" replace /> },
        ],
      },
      { path: 'admin/*', lazy: page(() => import('../features/admin/admin-page'), { serverRendered: false }) },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
