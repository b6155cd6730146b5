// The contract between the server and the page renderer it imports from the web build
// (src/web/entry-server.tsx, built to dist/ssr/entry-server.js).
import type { Currency } from './currency';
import type { Locale } from './i18n';
import type { FormActionContext } from './page-forms';
import type { PublicReads } from './public-reads';

export interface RenderRequest {
  /** Path and query of the page. */
  url: string;
  /** The site's public origin, used for absolute links. */
  origin: string;
  locale: Locale;
  /** The currency approximate prices are shown in. */
  currency: Currency;
  /** The page's data, read from the server's services. */
  reads: PublicReads;
  /**
   * A form posted without script to the page's address, for the route's action: its
   * urlencoded body, or a form with files as read (fields and files).
   */
  formBody?: string | FormData;
  /** The writes and flash the routes' actions and loaders use on the server. */
  forms: FormActionContext;
}

/** A rendered page's own title (without the brand) and description, as text, for its link preview. */
export interface PageSummary {
  title?: string;
  description?: string;
}

export interface RenderedPage {
  /** The app's markup, for inside #root. */
  html: string;
  /** The page's <title> and meta description, for <head>. */
  headTags: string;
  summary: PageSummary;
  /** JSON for the server-state script block. */
  state: string;
  /** The status a form's action answered with (400 for messages, 429 for a wait); else unset. */
  status?: number;
  /** Whether the page shows what a form's action answered: not one to cache. */
  answersForm: boolean;
}

/** A page that answers with another address (a page number past the last page, a path that only leads on). */
export interface RedirectedPage {
  redirect: string;
  /** 301 when the address moved for good, 303 after a form's action; 302 by default. */
  status?: 301 | 302 | 303;
}

/** Renders a page, or answers null when the page is better left to the browser. */
export type RenderPage = (request: RenderRequest) => Promise<RenderedPage | RedirectedPage | null>;

/**
 * The page modules (source files under src/web, as Vite's build manifest names them) the
 * routes matching a path load: the server preloads their built code with the HTML.
 */
export type PageModulesFor = (pathname: string) => string[];

/** The pattern of the public page a path shows ('/blog/:slug'), or undefined for any other path. */
export type PagePatternFor = (pathname: string) => string | undefined;

/**
 * The module holding each language's public texts, as the build manifest names it
 * (src/web/i18n/load-messages.ts imports it): the server preloads its chunk with a page the
 * browser starts in that language, which hydrates only once it is there.
 */
export const LOCALE_MESSAGE_MODULES: Record<Locale, string> = {
  en: 'i18n/english-messages.ts',
  so: 'i18n/somali-messages.ts',
};
