/** One chunk of Vite's build manifest (dist/web/.vite/manifest.json). */
export interface ViteManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
export type ViteManifest = Record<string, ViteManifestChunk>;

/**
 * The page module each public path lazy-loads (src/web/app/routes.tsx). Preloading it with
 * the HTML saves a round trip on first visit: the browser fetches the page's code alongside
 * the app's, instead of after it. A path missing here still works, one round trip slower.
 */
export const ROUTE_MODULES: [RegExp, string][] = [
  [/^\/$/, 'features/home/home-page.tsx'],
  [/^\/marketplace\/?$/, 'features/listings/pages/marketplace-page.tsx'],
  [/^\/real-estate\/?$/, 'features/listings/pages/real-estate-page.tsx'],
  [/^\/business-sales\/?$/, 'features/listings/pages/business-sales-page.tsx'],
  [/^\/visa-assistance\/?$/, 'features/listings/pages/visa-assistance-page.tsx'],
  [
    /^\/(marketplace|real-estate|business-sales|visa-assistance)\/[^/]+\/?$/,
    'features/listings/pages/listing-detail-page.tsx',
  ],
  [/^\/about\/?$/, 'features/about/about-page.tsx'],
  [/^\/blog\/?$/, 'features/blog/blog-page.tsx'],
  [/^\/blog\/[^/]+\/?$/, 'features/blog/blog-post-page.tsx'],
  [/^\/contact\/?$/, 'features/contact/contact-page.tsx'],
  [/^\/faq\/?$/, 'features/static-pages/faq-page.tsx'],
  [/^\/terms\/?$/, 'features/static-pages/terms-page.tsx'],
  [/^\/privacy\/?$/, 'features/static-pages/privacy-page.tsx'],
];

/** Returns, for a URL path, the built JS files its page needs beyond the entry. */
export function createRoutePreloads(manifest: ViteManifest): (pathname: string) => string[] {
  const cache = new Map<string, string[]>();
  const collect = (key: string, seen: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const dependency of chunk.imports ?? []) collect(dependency, seen);
  };
  return (pathname) => {
    const match = ROUTE_MODULES.find(([pattern]) => pattern.test(pathname));
    if (!match) return [];
    const key = match[1];
    let files = cache.get(key);
    if (!files) {
      const seen = new Set<string>();
      collect(key, seen);
      files = [...seen]
        .map((k) => manifest[k])
        .filter((chunk): chunk is ViteManifestChunk => Boolean(chunk && !chunk.isEntry))
        .map((chunk) => `/${chunk.file}`);
      cache.set(key, files);
    }
    return files;
  };
}
