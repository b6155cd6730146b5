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
 * `route` names the page in the metrics (a pattern, never the path itself).
 */
export const ROUTE_MODULES: { pattern: RegExp; route: string; module: string }[] = [
  { pattern: /^\/$/, route: '/', module: 'features/home/home-page.tsx' },
  { pattern: /^\/marketplace\/?$/, route: '/marketplace', module: 'features/listings/pages/marketplace-page.tsx' },
  { pattern: /^\/real-estate\/?$/, route: '/real-estate', module: 'features/listings/pages/real-estate-page.tsx' },
  {
    pattern: /^\/business-sales\/?$/,
    route: '/business-sales',
    module: 'features/listings/pages/business-sales-page.tsx',
  },
  {
    pattern: /^\/visa-assistance\/?$/,
    route: '/visa-assistance',
    module: 'features/listings/pages/visa-assistance-page.tsx',
  },
  {
    pattern: /^\/(marketplace|real-estate|business-sales|visa-assistance)\/[^/]+\/?$/,
    route: '/:category/:id',
    module: 'features/listings/pages/listing-detail-page.tsx',
  },
  { pattern: /^\/about\/?$/, route: '/about', module: 'features/about/about-page.tsx' },
  { pattern: /^\/blog\/?$/, route: '/blog', module: 'features/blog/blog-page.tsx' },
  { pattern: /^\/blog\/[^/]+\/?$/, route: '/blog/:id', module: 'features/blog/blog-post-page.tsx' },
  { pattern: /^\/contact\/?$/, route: '/contact', module: 'features/contact/contact-page.tsx' },
  { pattern: /^\/faq\/?$/, route: '/faq', module: 'features/static-pages/faq-page.tsx' },
  { pattern: /^\/terms\/?$/, route: '/terms', module: 'features/static-pages/terms-page.tsx' },
  { pattern: /^\/privacy\/?$/, route: '/privacy', module: 'features/static-pages/privacy-page.tsx' },
];

/** The public page pattern a path belongs to ('/marketplace', '/blog/:id'), if any. */
export function pageRoute(pathname: string): string | undefined {
  return ROUTE_MODULES.find(({ pattern }) => pattern.test(pathname))?.route;
}

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
    const match = ROUTE_MODULES.find(({ pattern }) => pattern.test(pathname));
    if (!match) return [];
    const key = match.module;
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
