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
  /** The visitor's currency, for the page's code to start in (<body data-currency>, as <html lang> for the language). */
  currency?: string;
  /** schema.org data about the page, each written as a JSON-LD script (lib/structured-data.ts). */
  structuredData?: StructuredData[];
  /** Built JS files of the page, fetched alongside the entry (set from the URL by default). */
  modulePreloads?: string[];
}
