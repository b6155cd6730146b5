import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isLocale, LOCALE_PARAM, LOCALES } from '../../shared/i18n';
import { escapeHtml } from '../lib/escape-html';
import { projectPath } from '../lib/project-path';
import { errorBody } from './error-handler';
import { createRoutePreloads, type ViteManifest } from './route-preloads';

export const WEB_DIST_DIR = projectPath('dist/web');

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
  /** Built JS files of the page, fetched alongside the entry (set from the URL by default). */
  modulePreloads?: string[];
}

declare module 'fastify' {
  interface FastifyReply {
    /** Sends the single-page app's HTML with the given head tags. */
    sendApp(head?: HeadTags, statusCode?: number): FastifyReply;
  }
}

function renderHead(head: HeadTags): string {
  const tags: string[] = [];
  if (head.title) tags.push(`<title>${escapeHtml(head.title)}</title>`);
  if (head.description) tags.push(`<meta name="description" content="${escapeHtml(head.description)}">`);
  for (const m of head.meta ?? []) {
    const key = m.property ? `property="${escapeHtml(m.property)}"` : `name="${escapeHtml(m.name ?? '')}"`;
    tags.push(`<meta ${key} content="${escapeHtml(m.content)}">`);
  }
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}">`);
  for (const a of head.alternates ?? []) {
    tags.push(`<link rel="alternate" hreflang="${escapeHtml(a.hreflang)}" href="${escapeHtml(a.href)}">`);
  }
  for (const href of head.modulePreloads ?? [])
    tags.push(`<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`);
  return tags.join('\n    ');
}

/** Puts head tags into the built index.html, replacing its default title and description. */
export function renderAppHtml(shell: string, head: HeadTags = {}): string {
  let html = shell;
  if (head.title) html = html.replace(/<title>[\s\S]*?<\/title>\s*/, '');
  if (head.description) html = html.replace(/<meta name="description"[^>]*>\s*/, '');
  if (head.lang) html = html.replace(/<html lang="[^"]*"/, `<html lang="${escapeHtml(head.lang)}"`);
  return html.replace('</head>', `  ${renderHead(head)}\n  </head>`);
}

/** Pages that exist in one language only (the admin stays English) get no alternates. */
const SINGLE_LANGUAGE_PATH = /^\/admin(\/|$)/;

/**
 * `<link rel="alternate" hreflang>` for one page: each language at `?lang=xx`, and the bare
 * URL as x-default (there the server picks the language from the cookie or the browser).
 */
export function languageAlternates(origin: string, url: string): HeadTags['alternates'] {
  const parsed = new URL(url, origin);
  parsed.searchParams.delete(LOCALE_PARAM);
  const withLang = (lang?: string) => {
    const copy = new URL(parsed);
    if (lang) copy.searchParams.set(LOCALE_PARAM, lang);
    return copy.href;
  };
  return [
    ...LOCALES.map((lang) => ({ hreflang: lang, href: withLang(lang) })),
    { hreflang: 'x-default', href: withLang() },
  ];
}

/** The page's head in the visitor's language unless the route says otherwise. */
function localisedHead(request: FastifyRequest, head: HeadTags): HeadTags {
  const path = request.url.split('?')[0] ?? '/';
  if (SINGLE_LANGUAGE_PATH.test(path)) return { lang: 'en', ...head };
  const origin = request.server.config.publicUrl ?? `${request.protocol}://${request.host}`;
  const localised: HeadTags = {
    title: request.t('common.meta.defaultTitle'),
    description: request.t('common.meta.defaultDescription'),
    lang: request.locale,
    alternates: languageAlternates(origin, request.url),
    ...head,
  };
  // A page opened as `?lang=so` is its own language version: its canonical URL says so, or
  // search engines would fold it into the default one and drop the alternate.
  const explicit = new URL(request.url, origin).searchParams.get(LOCALE_PARAM);
  if (localised.canonical && isLocale(explicit)) {
    const canonical = new URL(localised.canonical, origin);
    canonical.searchParams.set(LOCALE_PARAM, explicit);
    localised.canonical = canonical.href;
  }
  return localised;
}

/**
 * Serves the built React app: hashed assets with a long cache, and index.html for every
 * other non-API path so client-side routes work on reload.
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance) => {
    const indexFile = path.join(WEB_DIST_DIR, 'index.html');
    const built = existsSync(indexFile);
    const shell = built ? readFileSync(indexFile, 'utf8') : null;
    const manifestFile = path.join(WEB_DIST_DIR, '.vite', 'manifest.json');
    const preloadsFor = createRoutePreloads(
      existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as ViteManifest) : {},
    );

    if (built) {
      await app.register(fastifyStatic, {
        root: WEB_DIST_DIR,
        prefix: '/',
        wildcard: true,
        index: false,
        // scripts/precompress.mjs writes .br/.gz siblings at build time.
        preCompressed: true,
        cacheControl: false, // setHeaders decides, per kind of file
        // The build manifest is read by the server only.
        allowedPath: (pathname) => !pathname.startsWith('/.vite'),
        setHeaders(res, file) {
          // With precompression the file is the .br or .gz twin; the rule follows the original.
          const name = path.basename(file).replace(/\.(br|gz)$/, '');
          if (file.includes(`${path.sep}assets${path.sep}`)) {
            res.setHeader('cache-control', 'public, max-age=31536000, immutable');
          } else if (name === 'sw.js' || name.endsWith('.html') || name.endsWith('.webmanifest')) {
            res.setHeader('cache-control', 'no-cache');
          } else {
            res.setHeader('cache-control', 'public, max-age=86400');
          }
        },
      });
    } else {
      app.log.warn('dist/web is missing: run `npm run build:web`; pages answer 503 until then');
    }

    app.decorateReply('sendApp', function sendApp(this: FastifyReply, head: HeadTags = {}, statusCode = 200) {
      if (!shell) {
        return this.status(503).type('text/plain').send('The web app is not built. Run `npm run build`.');
      }
      return this.status(statusCode)
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-language, cookie')
        .type('text/html; charset=utf-8')
        .send(
          renderAppHtml(shell, {
            ...localisedHead(this.request, head),
            modulePreloads: (head.modulePreloads ?? preloadsFor(this.request.url.split('?')[0] ?? '/')).filter(
              (href) => !shell.includes(`"${href}"`),
            ),
          }),
        );
    });

    // The static handler would answer the root directory with 403.
    app.get('/', (_request, reply) => reply.sendApp());

    app.setNotFoundHandler((request, reply) => {
      const url = request.url;
      if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) {
        return reply.status(404).send(errorBody(404, `No API route for ${request.method} ${url.split('?')[0]}.`));
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return reply.status(404).send(errorBody(404, 'Not found.'));
      }
      // A missing file (an old hashed asset, a bad upload path) is a real 404, not the app.
      if (/\.[a-z0-9]{2,5}$/i.test(url.split('?')[0] ?? '')) {
        return reply.status(404).type('text/plain').send('Not found');
      }
      return reply.sendApp();
    });
  },
  { name: 'web-app', dependencies: ['app-context'] },
);
