import type { FastifyRequest } from 'fastify';
import { escapeHtml } from '#server/lib/escape-html';
import { createTranslator, DEFAULT_LOCALE } from '#shared/i18n';

/**
 * Whether an error answers a page (HTML) rather than the API or a file: a page's GET, or a
 * plain HTML form posted to a page's address (its action could not answer).
 */
export function isPageRequest(request: FastifyRequest): boolean {
  const plainForm =
    request.method === 'POST' &&
    (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
  if (request.method !== 'GET' && request.method !== 'HEAD' && !plainForm) return false;
  return !/^\/(api|media|uploads|assets)(\/|$|\?)/.test(request.url);
}

function titleKey(status: number) {
  if (status === 429) return 'common.errorPage.tooManyRequestsTitle' as const;
  if (status < 500) return 'common.errorPage.badRequestTitle' as const;
  if (status === 503 || status === 507) return 'common.errorPage.unavailableTitle' as const;
  return 'common.errors.unexpectedTitle' as const;
}

/**
 * A page the server can always send, even with the database down: no data, no script
 * (nothing inline, so the Content-Security-Policy holds), in the visitor's language, with
 * the request id to quote.
 */
export function renderErrorPage(request: FastifyRequest, status: number, message: string): string {
  // Before the locale plugin has run (or without it) the page is in English.
  const t = request.t ?? createTranslator(DEFAULT_LOCALE);
  const title = t(titleKey(status));
  const retry =
    status >= 500 || status === 429
      ? `<a href="${escapeHtml(request.url)}">${escapeHtml(t('common.states.tryAgain'))}</a> · `
      : '';
  return `<!doctype html>
<html lang="${escapeHtml(request.locale ?? DEFAULT_LOCALE)}">
  <head>
    <meta charset="UTF-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <title>${escapeHtml(`${title} | ${t('common.brand.name')}`)}</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
  </head>
  <body>
    <main>
      <h1>${escapeHtml(title)}</h1>
      <p>${escapeHtml(message)}</p>
      <p>${retry}<a href="/">${escapeHtml(t('common.states.backToHome'))}</a></p>
      <p><small>${escapeHtml(t('common.errorPage.reference', { id: request.id }))}<br>${escapeHtml(t('common.errorPage.referenceHint'))}</small></p>
    </main>
  </body>
</html>
`;
}
