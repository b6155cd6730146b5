import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DatabaseUnavailableError } from '#server/db/database';
import { isApiPath } from '#server/lib/api-path';
import { addVary, cachedBody } from '#server/lib/compression';
import { escapeHtml } from '#server/lib/escape-html';
import type { HeadTags } from '#server/lib/head-tags';
import { errorBody } from '#server/lib/http-error';
import { linkPreviewMeta, withDefaultMeta } from '#server/lib/link-preview';
import { projectPath } from '#server/lib/project-path';
import { siteOrigin } from '#server/lib/site-origin';
import { jsonLdText, organizationData } from '#server/lib/structured-data';
import {
  isLocale,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE,
  LOCALE_PARAM,
  LOCALES,
  type Locale,
  pickLocale,
} from '#shared/i18n';
import {
  LOCALE_MESSAGE_MODULES,
  type PageModulesFor,
  type PagePatternFor,
  type RedirectedPage,
  type RenderedPage,
  type RenderPage,
} from '#shared/page-rendering';
import type { PublicReads } from '#shared/public-reads';
import type { PublicWrites } from '#shared/public-writes';
import { requestUrl } from '#shared/request-url';
import { formFlash } from './form-flash';
import { cachedPageResponse } from './page-cache';
import { createModulePreloads, type ViteManifest } from './route-preloads';

export const WEB_DIST_DIR = projectPath('dist/web');
/**
 * The app's code, which the entry imports after React DOM so that each runs in a task of its
 * own (src/web/main.tsx): preloaded with every page, so that step costs no round trip. Its key
 * in the build manifest.
 */
export const APP_MODULE = 'app/start.tsx';
/** The page renderer built from src/web/entry-server.tsx. */
const PAGE_RENDERER_FILE = projectPath('dist/ssr/entry-server.js');

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The public page pattern a path shows ('/blog/:slug'), from the web's route table; unset
     * until the page renderer is loaded (never, without a build), when no path is a page.
     */
    pagePattern?: PagePatternFor;
    /** The path patterns of the web's route table, each a route of its own (pageRoutes). */
    pagePaths: string[];
    /** Every GET route's path, its parameters unnamed ('/blog/:'). */
    getRoutes: Set<string>;
  }
  interface FastifyReply {
    /**
     * Sends the app's HTML with the given head tags, the page rendered in it when it can be.
     * With `form`, a form posted without script to the page's address: its route's action runs
     * first, with `writes`, and its answer (a redirect, or the page with a status) is sent.
     */
    sendApp(head?: HeadTags, statusCode?: number, options?: { form?: PostedForm }): Promise<FastifyReply>;
  }
}

/**
 * A form posted without script: its urlencoded body (or, for a form with files, its fields
 * and files as read), and the writes its route's action makes.
 */
export interface PostedForm {
  body: string | FormData;
  writes: PublicWrites;
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
  for (const data of head.structuredData ?? [])
    tags.push(`<script type="application/ld+json">${jsonLdText(data)}</script>`);
  for (const href of head.modulePreloads ?? [])
    tags.push(`<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`);
  return tags.join('\n    ');
}

/**
 * Puts head tags into the built index.html, replacing its default title and description,
 * and the server-rendered page, if any, into #root. The page's own title and description
 * (what the browser will show after hydration) win over the head's.
 */
export function renderAppHtml(shell: string, head: HeadTags = {}, page: RenderedPage | null = null): string {
  let html = shell;
  const pageTitle = page?.headTags.includes('<title>') ?? false;
  const pageDescription = page?.headTags.includes('<meta name="description"') ?? false;
  const headTags: HeadTags = {
    ...head,
    title: pageTitle ? undefined : head.title,
    description: pageDescription ? undefined : head.description,
  };
  if (pageTitle || head.title) html = html.replace(/<title>[\s\S]*?<\/title>\s*/, '');
  if (pageDescription || head.description) html = html.replace(/<meta name="description"[^>]*>\s*/, '');
  // Replacer functions, not strings: listing text may hold `$&` or `$'`, which string
  // replacements would expand.
  // The server chose the language: `data-shell` marks only the bare shell the service worker
  // keeps for offline use, where the browser chooses (locale-storage.ts).
  if (head.lang) {
    html = html.replace(/<html lang="[^"]*"( data-shell)?/, () => `<html lang="${escapeHtml(head.lang ?? '')}"`);
  }
  if (head.currency) {
    html = html.replace('<body>', () => `<body data-currency="${escapeHtml(head.currency ?? '')}">`);
  }
  const tags = [page?.headTags, renderHead(headTags)].filter(Boolean).join('\n    ');
  html = html.replace('</head>', () => `  ${tags}\n  </head>`);
  if (page) {
    // The page is already in the HTML: its code makes it interactive, and must not hold up
    // the styles and images the first paint needs on a slow connection.
    html = html.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');
    html = html.replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${page.html}</div>\n    <script id="server-state" type="application/json">${page.state}</script>`,
    );
  }
  return html;
}

/** Headers of every page the app sends. */
const PAGE_HEADERS = {
  'cache-control': 'no-cache',
  vary: 'accept-language, cookie',
  'content-type': 'text/html; charset=utf-8',
};

/** Pages that exist in one language only (the admin stays English) get no alternates. */
const SINGLE_LANGUAGE_PATH = /^\/admin(\/|$)/;

/**
 * `<link rel="alternate" hreflang>` for one page: each language at `?lang=xx`, and the bare
 * URL as x-default (there the server picks the language from the cookie or the browser).
 */
export function languageAlternates(origin: string, url: string): HeadTags['alternates'] {
  const parsed = requestUrl(origin, url);
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

/** Loads the page renderer of the build; without it, pages render in the browser only. */
interface PageRenderer {
  render: RenderPage;
  pageModules: PageModulesFor;
  pagePattern: PagePatternFor;
  pagePaths: string[];
}

async function loadPageRenderer(app: FastifyInstance): Promise<PageRenderer | null> {
  if (!existsSync(PAGE_RENDERER_FILE)) {
    app.log.warn('dist/ssr is missing: pages render in the browser only until `npm run build:web`');
    return null;
  }
  const { render, pageModules, pagePattern, pagePaths } = (await import(
    pathToFileURL(PAGE_RENDERER_FILE).href
  )) as PageRenderer;
  return { render, pageModules, pagePattern, pagePaths };
}

/**
 * Renders a public page on the server with its data, read from the services (src/server/page-reads.ts).
 * Any failure leaves the page to the browser: the visitor gets the app either way, except
 * when the database is down, which the visitor is told at once (503).
 */
async function renderPage(
  renderer: RenderPage | null,
  reads: PublicReads,
  reply: FastifyReply,
  form: PostedForm | undefined,
): Promise<RenderedPage | RedirectedPage | null> {
  const { request } = reply;
  const pathname = request.url.split('?')[0] ?? '/';
  if (
    !renderer ||
    (request.method !== 'GET' && request.method !== 'HEAD' && !form) ||
    SINGLE_LANGUAGE_PATH.test(pathname)
  )
    return null;
  try {
    return await renderer({
      url: request.url,
      origin: siteOrigin(request),
      locale: request.locale,
      currency: request.currency,
      reads,
      formBody: form?.body,
      forms: { writes: form?.writes ?? noWrites, flash: formFlash(reply) },
    });
  } catch (error) {
    // An outage is the visitor's to know at once (503), as is a form's action that failed (the
    // error page); any other failure leaves the page to the browser.
    if (error instanceof DatabaseUnavailableError || form) throw error;
    request.log.warn({ err: error }, 'server rendering failed; the browser renders the page');
    return null;
  }
}

/** A page rendered for a GET makes no writes: only a posted form's action does. */
const noWrites: PublicWrites = {
  submitInquiry: () => Promise.reject(new Error('a page read wrote')),
  subscribe: () => Promise.reject(new Error('a page read wrote')),
  reportListing: () => Promise.reject(new Error('a page read wrote')),
  saveAlert: () => Promise.reject(new Error('a page read wrote')),
  submitListing: () => Promise.reject(new Error('a page read wrote')),
  editListing: () => Promise.reject(new Error('a page read wrote')),
};

/**
 * A page opened as `?lang=so` (a shared link) is a choice: the cookie remembers it for the
 * next pages, at once and whether or not the page's code runs.
 */
function rememberExplicitLocale(reply: FastifyReply): void {
  const { request } = reply;
  const explicit = requestUrl('http://localhost', request.url).searchParams.get(LOCALE_PARAM);
  if (!isLocale(explicit) || request.cookies[LOCALE_COOKIE] === explicit) return;
  reply.setCookie(LOCALE_COOKIE, explicit, {
    path: '/',
    maxAge: LOCALE_COOKIE_MAX_AGE,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}

/**
 * The language the page's code starts in, chosen as the browser will (locale-storage.ts): the
 * visitor's, except on pages pinned to English, where only the address and the cookie count.
 */
function browserLocale(request: FastifyRequest): Locale {
  if (!SINGLE_LANGUAGE_PATH.test(request.url.split('?')[0] ?? '/')) return request.locale;
  return pickLocale({
    param: requestUrl('http://localhost', request.url).searchParams.get(LOCALE_PARAM),
    cookie: request.cookies[LOCALE_COOKIE],
  });
}

/** The page's head in the visitor's language unless the route says otherwise. */
function localisedHead(request: FastifyRequest, head: HeadTags): HeadTags {
  const path = request.url.split('?')[0] ?? '/';
  if (SINGLE_LANGUAGE_PATH.test(path)) return { lang: 'en', ...head };
  const origin = siteOrigin(request);
  const localised: HeadTags = {
    title: request.t('common.meta.defaultTitle'),
    description: request.t('common.meta.defaultDescription'),
    lang: request.locale,
    currency: request.currency,
    alternates: head.untranslated ? undefined : languageAlternates(origin, request.url),
    ...head,
  };
  // A page opened as `?lang=so` is its own language version: its canonical URL says so, or
  // search engines would fold it into the default one and drop the alternate.
  const explicit = requestUrl(origin, request.url).searchParams.get(LOCALE_PARAM);
  if (localised.canonical && isLocale(explicit) && !head.untranslated) {
    const canonical = new URL(localised.canonical, origin);
    canonical.searchParams.set(LOCALE_PARAM, explicit);
    localised.canonical = canonical.href;
  }
  return localised;
}

/**
 * Every public page has a link preview: a route's own (a listing, a blog post) or one made of
 * the page's title and description as rendered, its address and the site's picture.
 */
function withLinkPreview(request: FastifyRequest, head: HeadTags, page: RenderedPage | null): HeadTags {
  if (SINGLE_LANGUAGE_PATH.test(request.url.split('?')[0] ?? '/')) return head;
  const origin = siteOrigin(request);
  const preview = {
    title: page?.summary.title ?? head.title ?? request.t('common.meta.defaultTitle'),
    description: page?.summary.description ?? head.description ?? request.t('common.meta.defaultDescription'),
    // Joined as text: a path such as "//" would read as another host to new URL(path, origin).
    url: head.canonical ?? new URL(`${origin}${request.url}`).href,
  };
  return withDefaultMeta(head, linkPreviewMeta(preview, origin, request.locale));
}

/**
 * Serves the built React app: hashed assets with a long cache, and index.html for every
 * other non-API path so client-side routes work on reload.
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance, { reads }: { reads: PublicReads }) => {
    const indexFile = path.join(WEB_DIST_DIR, 'index.html');
    const built = existsSync(indexFile);
    const shell = built ? readFileSync(indexFile, 'utf8') : null;
    const manifestFile = path.join(WEB_DIST_DIR, '.vite', 'manifest.json');
    const renderer = built ? await loadPageRenderer(app) : null;
    const modulePreloads = createModulePreloads(
      existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as ViteManifest) : {},
    );
    const preloadsFor = (pathname: string) => modulePreloads([APP_MODULE, ...(renderer?.pageModules(pathname) ?? [])]);
    // A page waits for its language's texts before it hydrates: fetched with the HTML, not after the app's code.
    const messagePreloads = (locale: Locale) => modulePreloads([LOCALE_MESSAGE_MODULES[locale]]);
    if (renderer) app.decorate('pagePattern', renderer.pagePattern);
    app.decorate('pagePaths', renderer?.pagePaths ?? []);
    // The GET routes the modules register, their parameters unnamed: pageRoutes adds the others.
    app.decorate('getRoutes', new Set<string>());
    app.addHook('onRoute', (route) => {
      const methods = [route.method].flat();
      if (methods.includes('GET')) app.getRoutes.add(unnamedParams(route.url));
    });
    // Whether a built file has .br/.gz twins, so that its answer depends on Accept-Encoding.
    const precompressed = new Map<string, boolean>();
    const hasTwins = (original: string) => {
      let known = precompressed.get(original);
      if (known === undefined) {
        known = existsSync(`${original}.br`) || existsSync(`${original}.gz`);
        precompressed.set(original, known);
      }
      return known;
    };

    if (built) {
      await app.register(fastifyStatic, {
        root: WEB_DIST_DIR,
        prefix: '/',
        // A route per file, found at start-up: any other path is a page's or not found.
        wildcard: false,
        // The compressed twins are sent in place of their originals (preCompressed), never
        // under their own names.
        globIgnore: ['**/*.br', '**/*.gz'],
        index: false,
        // scripts/precompress.mjs writes .br/.gz siblings at build time.
        preCompressed: true,
        cacheControl: false, // setHeaders decides, per kind of file
        // Nothing under a dot-name (the build manifest in .vite/ is the server's alone), however
        // the path is spelled: send judges the path after decoding and resolving it.
        dotfiles: 'ignore',
        setHeaders(res, file) {
          // With precompression the file is the .br or .gz twin; the rule follows the original.
          const name = path.basename(file).replace(/\.(br|gz)$/, '');
          // Caches must not hand one client's encoding to another (a plain answer included).
          if (hasTwins(file.replace(/\.(br|gz)$/, '')))
            res.setHeader('vary', addVary(res.getHeader('vary'), 'accept-encoding'));
          if (file.includes(`${path.sep}assets${path.sep}`)) {
            res.setHeader('cache-control', 'public, max-age=31536000, immutable');
          } else if (name === 'sw.js' || name.endsWith('.html') || name.endsWith('.webmanifest')) {
            res.setHeader('cache-control', 'no-cache');
            // /index.html is the bare shell the service worker keeps for offline use, not a page.
            if (name === 'index.html') res.setHeader('x-robots-tag', 'noindex');
          } else {
            res.setHeader('cache-control', 'public, max-age=86400');
          }
        },
      });
    } else {
      app.log.warn('dist/web is missing: run `npm run build:web`; pages answer 503 until then');
    }

    app.decorateReply(
      'sendApp',
      async function sendApp(
        this: FastifyReply,
        head: HeadTags = {},
        statusCode = 200,
        options: { form?: PostedForm } = {},
      ) {
        if (!shell) {
          return this.status(503).type('text/plain').send('The web app is not built. Run `npm run build`.');
        }
        if (!(await this.server.allowPublicPage(this.request, this))) return this;
        const { form } = options;
        // A page that answers a 4xx (not found, a link turned off) is rendered too: an old link
        // on a slow phone, or without script, gets the friendly page with its links at once.
        const rendered =
          statusCode < 500 || form ? await renderPage(renderer?.render ?? null, reads, this, form) : null;
        // A path the server already found to be nothing (4xx) is not sent on by the web's
        // catch-all; a form's action redirects whatever the status it came with (a wait, 429).
        if (rendered && 'redirect' in rendered && (form || statusCode < 400)) {
          return this.redirect(rendered.redirect, rendered.status ?? 302);
        }
        const page = rendered && 'redirect' in rendered ? null : rendered;
        // A form's action answers with its own status (its messages 400, a wait 429).
        if (form) {
          if (!page) throw new Error(`no page answered the form posted to ${this.request.url}`);
          statusCode = page.status ?? statusCode;
        }
        rememberExplicitLocale(this);
        const html = renderAppHtml(
          shell,
          {
            ...withLinkPreview(this.request, localisedHead(this.request, head), page),
            modulePreloads: [
              ...(head.modulePreloads ?? preloadsFor(this.request.url.split('?')[0] ?? '/')),
              ...messagePreloads(browserLocale(this.request)),
            ].filter((href) => !shell.includes(`"${href}"`)),
          },
          page,
        );
        // Only a page rendered with its data, for no form, is worth keeping; the cache decides whether it may.
        if (page && statusCode === 200 && !page.answersForm && !form) {
          // Compressed here, once: the cache keeps this form for the next visitors.
          const stored = { body: cachedBody(html), headers: PAGE_HEADERS };
          this.server.offerPage(this, stored);
          const answer = cachedPageResponse(stored, this.request.headers['accept-encoding']);
          return this.status(statusCode).headers(answer.headers).send(answer.body);
        }
        return this.status(statusCode).headers(PAGE_HEADERS).send(html);
      },
    );

    // The home page says who runs the site.
    app.get('/', async (request, reply) => {
      const { settings } = await app.siteSettings.get();
      return reply.sendApp({ structuredData: [organizationData(siteOrigin(request), settings, request.locale)] });
    });

    // One address per page: /marketplace/ is /marketplace (other paths keep their own answers).
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const [pathname = '/', query] = splitUrl(request.url);
      if (pathname.length < 2 || !pathname.endsWith('/')) return;
      const trimmed = pathname.replace(/\/+$/, '') || '/';
      if (app.pagePattern?.(trimmed)) return reply.redirect(`${trimmed}${query}`, 301);
    });

    // Any address no page, file or API route takes.
    app.get('/*', (request, reply) => {
      const [pathname = '/', query] = splitUrl(request.url);
      // A missing file (an old hashed asset, /index.html, a bad upload path) is a real 404,
      // not a page; so is a path with a dot-name in it (/.vite/, /.env), which no page has.
      if (isApiPath(pathname) || /\.[a-z0-9]{2,5}$/i.test(pathname) || /\/(\.|%2e)/i.test(pathname)) {
        return reply.callNotFound();
      }
      // One address per page: /MARKETPLACE is /marketplace.
      const lower = pathname.toLowerCase();
      if (lower !== pathname && app.pagePattern?.(lower)) return reply.redirect(`${lower}${query}`, 301);
      // Without the route table (no server build) every path is the app's; with it, the
      // table's catch-all sends the visitor on.
      return reply.sendApp();
    });

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      if (isApiPath(pathname)) {
        return reply.status(404).send(errorBody(404, `No API route for ${request.method} ${pathname}.`));
      }
      return reply.status(404).type('text/plain').send('Not found');
    });
  },
  { name: 'web-app', dependencies: ['app-context', 'rate-limit', 'page-cache'] },
);

const unnamedParams = (url: string) => url.replace(/:\w+/g, ':');

/** A URL's path and its query (with its "?", or empty). */
function splitUrl(url: string): [string, string] {
  const at = url.indexOf('?');
  return at === -1 ? [url, ''] : [url.slice(0, at), url.slice(at)];
}

/**
 * Every page of the web's route table as a route of the server's, answered with the app's
 * HTML rendered with its data. Registered after the modules' own page routes (a listing, a
 * blog post), which set the page's head and status themselves.
 */
export async function pageRoutes(app: FastifyInstance) {
  for (const path of app.pagePaths) {
    if (path === '/*') continue; // web-app's catch-all
    const paths = path.endsWith('/*') ? [path.slice(0, -2), path] : [path];
    for (const url of paths) {
      if (!app.getRoutes.has(unnamedParams(url))) app.get(url, (_request, reply) => reply.sendApp());
    }
  }
}
