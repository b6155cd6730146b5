import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isCrossSite } from './cross-site';
import { escapeHtml as esc } from './escape-html';
import { HttpError } from './http-error';

/** A button that posts a small form back to the page's own address. */
export interface PageForm {
  fields?: readonly { name: string; value: string }[];
  /** A choice (radio buttons) before the button. */
  choice?: { legend: string; name: string; options: readonly { value: string; label: string; checked: boolean }[] };
  button: string;
}

export interface LinkPage {
  title: string;
  paragraphs: readonly string[];
  /** A short status line (role=status), after a change. */
  status?: string;
  forms?: readonly PageForm[];
  links?: readonly { label: string; href: string }[];
}

function formHtml(action: string, form: PageForm): string {
  const hidden = (form.fields ?? [])
    .map((field) => `<input type="hidden" name="${esc(field.name)}" value="${esc(field.value)}">`)
    .join('');
  const choice = form.choice
    ? `<fieldset><legend>${esc(form.choice.legend)}</legend>${form.choice.options
        .map(
          (option) =>
            `<label><input type="radio" name="${esc(form.choice?.name ?? '')}" value="${esc(option.value)}"${option.checked ? ' checked' : ''}> ${esc(option.label)}</label><br>`,
        )
        .join('')}</fieldset>`
    : '';
  return `<form method="post" action="${esc(action)}">${hidden}${choice}<p><button type="submit">${esc(form.button)}</button></p></form>`;
}

/**
 * A mail link's page (an alert's or the newsletter's confirm, manage, unsubscribe):
 * server-rendered HTML with no script, so it works wherever a mail reader opens it, in the
 * visitor's language. Its forms post to the page's own address, token included.
 */
export function renderLinkPage(request: FastifyRequest, page: LinkPage): string {
  const t = request.t;
  const action = request.url;
  const links = [...(page.links ?? []), { label: t('common.states.backToHome'), href: '/' }];
  return `<!doctype html>
<html lang="${esc(request.locale)}">
  <head>
    <meta charset="UTF-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <meta name="referrer" content="no-referrer">
    <title>${esc(`${page.title} | ${t('common.brand.name')}`)}</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
  </head>
  <body>
    <main>
      <p><a href="/">${esc(t('common.brand.name'))}</a></p>
      <h1>${esc(page.title)}</h1>
      ${page.status ? `<p role="status"><strong>${esc(page.status)}</strong></p>` : ''}
      ${page.paragraphs.map((line) => `<p>${esc(line)}</p>`).join('\n      ')}
      ${(page.forms ?? []).map((form) => formHtml(action, form)).join('\n      ')}
      <p>${links.map((link) => `<a href="${esc(link.href)}">${esc(link.label)}</a>`).join(' · ')}</p>
    </main>
  </body>
</html>
`;
}

/** Sends a link page: never cached, never indexed. */
export const sendLinkPage = (reply: FastifyReply, status: number, page: LinkPage) =>
  reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .type('text/html; charset=utf-8')
    .send(renderLinkPage(reply.request, page));

/** The posts the link pages take: a few small fields. */
export const LINK_FORM_LIMIT = 4 * 1024;

/**
 * Registers, in the calling plugin's scope, the parsers the link pages' posts need: the
 * urlencoded form, and the multipart form RFC 8058 also allows for one-click.
 */
export function addLinkFormParsers(app: FastifyInstance): void {
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: LINK_FORM_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
  }
}

/** A posted form's fields: urlencoded, or the multipart form RFC 8058 also allows for one-click. */
export function postedFields(request: FastifyRequest): URLSearchParams {
  const body = typeof request.body === 'string' ? request.body : '';
  if ((request.headers['content-type'] ?? '').startsWith('multipart/form-data')) {
    const fields = new URLSearchParams();
    for (const match of body.matchAll(/name="([^"]{1,100})"\r?\n\r?\n([^\r\n]{0,200})/g)) {
      fields.append(match[1] as string, match[2] as string);
    }
    return fields;
  }
  return new URLSearchParams(body);
}

/** Whether the post is RFC 8058 one-click unsubscribe (a mail provider's, reading no page). */
export const isOneClickUnsubscribe = (request: FastifyRequest) =>
  postedFields(request).get('List-Unsubscribe') === 'One-Click';

/** The answer to a one-click unsubscribe: no page, 404 when the link's subscription was gone. */
export const sendOneClickAnswer = (reply: FastifyReply, found: boolean) =>
  reply
    .code(found ? 200 : 404)
    .header('cache-control', 'no-store')
    .send();

const tokenQuery = z.object({ token: z.string().max(200).optional(), lang: z.string().optional() });

/** The link's token from its address ('' when there is none). */
export const linkTokenOf = (request: FastifyRequest) => tokenQuery.safeParse(request.query).data?.token ?? '';

/**
 * A form on another site must not act through a visitor (one-click unsubscribe is exempt: a
 * mail provider posts it, and its token is its authority).
 */
export async function sameSiteOnly(request: FastifyRequest): Promise<void> {
  if (isCrossSite(request)) throw new HttpError(403, 'common.errors.crossSiteForm');
}
