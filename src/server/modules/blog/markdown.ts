import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/**
 * A post's Markdown becomes HTML here, for the public pages and the editor's preview alike
 * (docs/product.md#blog-editor). markdown-it reads it (raw HTML allowed, so a pasted <b>
 * works), then sanitize-html keeps only the allow-list below: no script, style, event
 * handler, frame, form, image or SVG, and links only to http(s), mailto and tel addresses.
 * Images are left out on purpose: a picture from another site would tell that site who reads
 * the post (visitors stay anonymous, docs/product.md#audience-and-offers).
 */
const markdown = new MarkdownIt({ html: true, linkify: true, typographer: false });

/** What a link to another site carries: no access to our window, no endorsement for search engines. */
export const EXTERNAL_LINK_REL = 'noopener nofollow ugc';

const ALLOWED_TAGS = [
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'em',
  'b',
  'i',
  's',
  'del',
  'sub',
  'sup',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'code',
  'pre',
  'hr',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

/** An http(s) address on another host; anything else is a path here, mail, phone, or dropped by the allow-list. */
function isExternal(href: string, siteHost: string | null): boolean {
  if (!/^https?:\/\//i.test(href)) return false;
  try {
    return new URL(href).host !== siteHost;
  } catch {
    return true;
  }
}

function sanitizeOptions(siteHost: string | null): sanitizeHtml.IOptions {
  return {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      a: ['href', 'title', 'rel'],
      ol: ['start'],
      th: ['colspan', 'rowspan'],
      td: ['colspan', 'rowspan'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    // Unknown tags go, their text stays; script, style and the like go with their content.
    disallowedTagsMode: 'discard',
    transformTags: {
      // The page's own title is the one h1.
      h1: 'h2',
      a: (tagName, attribs) => {
        const { rel: _rel, ...rest } = attribs;
        const href = rest.href ?? '';
        return { tagName, attribs: isExternal(href, siteHost) ? { ...rest, rel: EXTERNAL_LINK_REL } : rest };
      },
    },
  };
}

/** Markdown to sanitised HTML. `siteOrigin`: links to it are ours and get no rel. */
export function renderMarkdown(source: string, siteOrigin?: string | null): string {
  const siteHost = siteOrigin ? new URL(siteOrigin).host : null;
  return sanitizeHtml(markdown.render(source), sanitizeOptions(siteHost));
}

/**
 * Rendering on read, remembered by content: an edited post is different Markdown, so it is
 * rendered afresh, and a change of these rules needs no stored HTML rewritten.
 */
export function createMarkdownRenderer(siteOrigin?: string | null) {
  const cache = new LRUCache<string, string>({
    maxSize: 16 * 1024 * 1024,
    sizeCalculation: (html) => html.length + 64,
  });
  return (source: string): string => {
    const key = createHash('sha256').update(source).digest('base64url');
    let html = cache.get(key);
    if (html === undefined) {
      html = renderMarkdown(source, siteOrigin);
      cache.set(key, html);
    }
    return html;
  };
}
export type MarkdownRenderer = ReturnType<typeof createMarkdownRenderer>;

declare module 'fastify' {
  interface FastifyInstance {
    /** A blog post's Markdown as sanitised HTML (cached by content). */
    renderMarkdown: MarkdownRenderer;
  }
}

/** One renderer (and cache) for the public pages and the editor's preview. */
export const markdownPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('renderMarkdown', createMarkdownRenderer(app.config.publicUrl));
  },
  { name: 'markdown', dependencies: ['app-context'] },
);
