import type { StructuredData } from './structured-data';

/** Tags the server writes into the HTML shell's <head> for one URL (title, description, Open Graph, ...). */
export interface HeadTags {
  title?: string;
  description?: string;
  /** Extra <meta> tags: property (og:*) or name (twitter:*) with content. */
  meta?: { property?: string; name?: string; content: string }[];
  canonical?: string;
  /** <link rel="alternate" hreflang> entries. */
  alternates?: { hreflang: string; href: string }[];
  lang?: string;
  /**
   * The page's main content has one version whatever the page's language (a listing as its
   * seller wrote it, a post without a Somali version): no language alternates, and one
   * canonical address for every language of the page around it.
   */
  untranslated?: boolean;
  /** The visitor's currency, for the page's code to start in (<body data-currency>, as <html lang> for the language). */
  currency?: string;
  /** schema.org data about the page, each written as a JSON-LD script (lib/structured-data.ts). */
  structuredData?: StructuredData[];
  /** Built JS files of the page, fetched alongside the entry (set from the URL by default). */
  modulePreloads?: string[];
}
