import type { FastifyRequest } from 'fastify';
import { escapeHtml as esc } from '#server/lib/escape-html';

/** A button that posts a small form back to the page's own address. */
export interface PageForm {
  fields?: readonly { name: string; value: string }[];
  /** A choice (radio buttons) before the button. */
  choice?: { legend: string; name: string; options: readonly { value: string; label: string; checked: boolean }[] };
  button: string;
}

export interface AlertPage {
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
 * An alert link's page (confirm, manage, unsubscribe): server-rendered HTML with no script,
 * so it works wherever a mail reader opens it, in the visitor's language. Its forms post to
 * the page's own address, token included.
 */
export function renderAlertPage(request: FastifyRequest, page: AlertPage): string {
  const t = request.t;
  const action = request.url;
  const links = [...(page.links ?? []), { label: t('alerts.pages.backToHome'), href: '/' }];
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
