// The contract between the server and the page renderer it imports from the web build
// (src/web/entry-server.tsx, built to dist/ssr/entry-server.js).
import type { Currency } from './currency';
import type { Locale } from './i18n';

export interface RenderRequest {
  /** Path and query of the page. */
  url: string;
  /** The site's public origin, used for absolute links. */
  origin: string;
  locale: Locale;
  /** The currency approximate prices are shown in. */
  currency: Currency;
  /** Answers the page's API reads (GET only) inside the server. */
  transport: (path: string, init: RequestInit) => Promise<Response>;
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
}

/** Renders a page, or answers null when the page is better left to the browser. */
export type RenderPage = (request: RenderRequest) => Promise<RenderedPage | null>;
