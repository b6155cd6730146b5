import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// Two builds: the browser app (dist/web), and with `--ssr` the page renderer the server
// imports (dist/ssr/entry-server.js), which needs neither styles nor the service worker.
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: isSsrBuild ? false : '../../public',
  plugins: [
    react(),
    !isSsrBuild && tailwindcss(),
    // Workbox service worker at /sw.js: precaches the public app shell so the site opens offline.
    !isSsrBuild &&
      VitePWA({
        strategies: 'generateSW',
        filename: 'sw.js',
        registerType: 'autoUpdate',
        injectRegister: false, // registered from the app after load (src/web/features/pwa)
        includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
        manifest: {
          name: 'Somali Diaspora Hub',
          short_name: 'SD Hub',
          description: 'Marketplace, real estate, business sales and visa assistance for the Somali diaspora.',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          background_color: '#ffffff',
          theme_color: '#0f766e',
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
            { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
            { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
        },
        workbox: {
          globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
          // Staff code (and the staff-only password strength dictionaries) is never fetched on
          // public pages, not even by the service worker; the link-preview picture is for other sites.
          globIgnores: ['**/admin*', '**/password-strength*', '**/icons/maskable-*', 'og-image.png'],
          // Pages come from the server, rendered in the visitor's language; the precached shell
          // answers only when the network cannot (offline). Decision 0020.
          navigateFallback: null,
          navigationPreload: true,
          cleanupOutdatedCaches: true,
          clientsClaim: true,
          skipWaiting: true,
          runtimeCaching: [
            {
              urlPattern: ({ request, url }) =>
                request.mode === 'navigate' && !/^\/(api|uploads|media|admin)(\/|$)/.test(url.pathname),
              handler: 'NetworkOnly',
              options: { precacheFallback: { fallbackURL: '/index.html' } },
            },
            {
              // Chunks not precached (admin excluded) are cached once used.
              urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
              handler: 'CacheFirst',
              options: { cacheName: 'assets', expiration: { maxEntries: 100 } },
            },
            {
              // Blog reads work offline with the last copy.
              urlPattern: ({ url, sameOrigin, request }) =>
                sameOrigin && request.method === 'GET' && url.pathname.startsWith('/api/blog/'),
              handler: 'NetworkFirst',
              options: { cacheName: 'api-blog', networkTimeoutSeconds: 5, expiration: { maxEntries: 50 } },
            },
          ],
        },
      }),
  ],
  // The page renderer carries its own copy of React's production build: left in node_modules,
  // React would pick its development build whenever the server runs without
  // NODE_ENV=production (`npm start` on the embedded default), rendering pages ~40 % slower.
  ssr: isSsrBuild ? { noExternal: true } : undefined,
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  build: {
    outDir: isSsrBuild ? '../../dist/ssr' : '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // The server reads it to preload each page's chunks with the HTML (route-preloads.ts).
    manifest: !isSsrBuild,
    assetsInlineLimit: 0, // CSP: no data: scripts; keeps images cacheable files
    // The password strength estimator's dictionaries (staff-only, 1.6 MB) in one chunk named
    // for them, which the service worker's globIgnores leaves out: left to the bundler they
    // were named after their package folder ('dist-…') and precached for every visitor.
    // A page's code in few files: React, its router and the query cache, which every page
    // runs, in one; the site's components, helpers and texts that two pages or more share in
    // another. Left to the bundler, a category page fetched 23 files, most of 1 to 2 KB, each
    // one more request queued behind a phone's few connections (6 per host over HTTP/1.1).
    // The staff area is one entry of its own: what only it uses never lands in 'common'.
    rolldownOptions: isSsrBuild
      ? undefined
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: 'password-strength-dictionaries', test: /node_modules[\\/]@zxcvbn-ts[\\/]/, priority: 30 },
                // Vite's preload helper, which the entry uses for its dynamic imports, in a file of
                // its own: pulled into 'common' (whose modules load chunks too), it made the
                // entry import 'common', and with it React and the router, in its first task.
                { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 40 },
                // React DOM apart from the router and the query cache: main.tsx evaluates it in a
                // task of its own, and the rest with the app in the next, so a slow phone's
                // longest task is about half what it was with one file.
                {
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                  priority: 20,
                },
                {
                  name: 'router',
                  test: /node_modules[\\/](react-router|@tanstack[\\/](react-query|query-core))[\\/]/,
                  priority: 19,
                },
                {
                  // The English public texts in one file, loaded only for a page in English (a
                  // page in Somali loads its own).
                  name: 'english-messages',
                  // (The module that loads them, i18n/english-messages.ts, stays a chunk of its own:
                  // the server finds it in the build manifest by its name, to preload it.)
                  test: /src[\\/]shared[\\/]i18n[\\/]en[\\/](?!admin|staff)[\w-]+\.ts$/,
                  // Below 'common', which takes the subcategories' English names every card reads.
                  priority: 5,
                },
                {
                  name: 'common',
                  // Not zod's CSP setting: it would bring zod's core to every page; it goes with
                  // the forms' code that validates.
                  test: (id: string) =>
                    (/src[\\/]web[\\/](components|lib|i18n)[\\/]/.test(id) && !/[\\/]zod-csp\.ts$/.test(id)) ||
                    /src[\\/]shared[\\/]i18n[\\/]english-subcategories\.ts$/.test(id),
                  minShareCount: 2,
                  priority: 10,
                },
              ],
            },
          },
        },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000', '/uploads': 'http://127.0.0.1:3000', '/media': 'http://127.0.0.1:3000' },
  },
}));
