import { en } from '../../src/shared/i18n/en';
import { so } from '../../src/shared/i18n/so';

/** The public pages with content of their own, which the sitemap lists. */
export const CONTENT_PAGES = [
  '/',
  '/marketplace',
  '/real-estate',
  '/business-sales',
  '/visa-assistance',
  '/about',
  '/blog',
  '/contact',
  '/safety',
  '/privacy',
];
/** The public pages that need no data to find (listing and blog post pages do). */
export const PUBLIC_PAGES = [...CONTENT_PAGES, '/faq', '/terms'];

/** A phone and a desktop: what every public screen must work at. */
export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };
export const VIEWPORTS = [PHONE, DESKTOP] as const;

/** The site's languages, each with its catalog. */
export const LANGUAGES = [
  ['en', en],
  ['so', so],
] as const;
