import { escapeHtml } from '#server/lib/escape-html';
import { createTranslator, type Locale } from '#shared/i18n';

/** One entry of a message's list (a listing): its title, a line under it, its page and photo. */
export interface MailItem {
  title: string;
  detail?: string;
  url: string;
  imageUrl?: string;
}

export interface MailLink {
  label: string;
  url: string;
}

/** A headed list within a message (a digest's category): its entries and a link to the rest. */
export interface MailSection {
  heading: string;
  items: readonly MailItem[];
  link?: MailLink;
}

/**
 * What a message says, in the recipient's language, before it is laid out: every text is
 * plain (the layout escapes it for the HTML part), every address absolute.
 */
export interface MailContent {
  language: Locale;
  subject: string;
  paragraphs: readonly string[];
  /** The one thing to do (confirm, see all results): a button in HTML, a line in text. */
  action?: MailLink;
  items?: readonly MailItem[];
  /**
   * A body written in Markdown (a newsletter issue): its HTML, already sanitised by the blog's
   * renderer, placed as is; its source as the text part.
   */
  markup?: { html: string; text: string };
  /** After the items: headed lists (a digest's categories and posts). */
  sections?: readonly MailSection[];
  /** After the action: a note such as "ignore this if it was not you". */
  notes?: readonly string[];
  /** The small links at the foot (manage, unsubscribe). */
  footerLinks?: readonly MailLink[];
  footer?: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const esc = escapeHtml;
// Mail readers drop <style>: the few styles are inline.
const STYLE = {
  body: 'margin:0;padding:24px;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#1c1917;',
  card: 'max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px;',
  brand: 'font-size:18px;font-weight:bold;color:#0f5132;margin:0 0 16px;',
  p: 'font-size:15px;line-height:1.5;margin:0 0 12px;',
  button:
    'display:inline-block;background:#0f5132;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:6px;',
  item: 'padding:12px 0;border-top:1px solid #e7e5e4;',
  img: 'display:block;width:120px;height:90px;object-fit:cover;border-radius:4px;',
  itemTitle: 'font-size:15px;font-weight:bold;color:#0f5132;text-decoration:none;',
  markup: 'font-size:15px;line-height:1.5;',
  heading: 'font-size:17px;font-weight:bold;margin:24px 0 4px;',
  small: 'font-size:12px;line-height:1.5;color:#57534e;margin:16px 0 0;',
};

const itemText = (item: MailItem) =>
  [`- ${item.title}`, item.detail ? `  ${item.detail}` : '', `  ${item.url}`].filter(Boolean).join('\n');

function itemsHtml(items: readonly MailItem[]): string {
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${items.map(itemHtml).join('')}</table>`;
}

function itemHtml(item: MailItem): string {
  const photo = item.imageUrl
    ? `<td style="width:132px;vertical-align:top;"><a href="${esc(item.url)}"><img src="${esc(item.imageUrl)}" alt="" width="120" height="90" style="${STYLE.img}"></a></td>`
    : '';
  const detail = item.detail ? `<br><span style="font-size:14px;">${esc(item.detail)}</span>` : '';
  return `<tr><td style="${STYLE.item}"><table role="presentation" cellpadding="0" cellspacing="0"><tr>${photo}<td style="vertical-align:top;"><a href="${esc(item.url)}" style="${STYLE.itemTitle}">${esc(item.title)}</a>${detail}</td></tr></table></td></tr>`;
}

/**
 * A message in the site's one layout: the HTML part (escaped, inline styles, a table for the
 * list) and the text part saying the same, links written out. Shared by every message the site
 * sends.
 */
export function renderMail(content: MailContent): RenderedMail {
  const t = createTranslator(content.language);
  const brand = t('common.brand.name');
  const text: string[] = [...content.paragraphs];
  if (content.markup) text.push(content.markup.text);
  if (content.items?.length) text.push(content.items.map(itemText).join('\n\n'));
  for (const section of content.sections ?? []) {
    text.push(section.heading.toUpperCase(), section.items.map(itemText).join('\n\n'));
    if (section.link) text.push(`${section.link.label}: ${section.link.url}`);
  }
  if (content.action) text.push(`${content.action.label}: ${content.action.url}`);
  text.push(...(content.notes ?? []));
  const foot = [...(content.footerLinks ?? []).map((link) => `${link.label}: ${link.url}`)];
  if (content.footer) foot.push(content.footer);
  if (foot.length) text.push(`--\n${foot.join('\n')}`);

  const paragraphs = (lines: readonly string[]) =>
    lines.map((line) => `<p style="${STYLE.p}">${esc(line)}</p>`).join('');
  const items = content.items?.length ? itemsHtml(content.items) : '';
  const sections = (content.sections ?? [])
    .map((section) => {
      const link = section.link
        ? `<p style="${STYLE.p}"><a href="${esc(section.link.url)}" style="color:#0f5132;">${esc(section.link.label)}</a></p>`
        : '';
      return `<h2 style="${STYLE.heading}">${esc(section.heading)}</h2>${itemsHtml(section.items)}${link}`;
    })
    .join('');
  const action = content.action
    ? `<p style="margin:20px 0;"><a href="${esc(content.action.url)}" style="${STYLE.button}">${esc(content.action.label)}</a></p>`
    : '';
  const links = (content.footerLinks ?? []).map(
    (link) => `<a href="${esc(link.url)}" style="color:#57534e;">${esc(link.label)}</a>`,
  );
  const footer = [links.join(' · '), content.footer ? esc(content.footer) : ''].filter(Boolean).join('<br>');
  const html = `<!doctype html>
<html lang="${content.language}">
<head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(content.subject)}</title></head>
<body style="${STYLE.body}">
<div style="${STYLE.card}">
<p style="${STYLE.brand}">${esc(brand)}</p>
${paragraphs(content.paragraphs)}${content.markup ? `<div style="${STYLE.markup}">${content.markup.html}</div>` : ''}${items}${sections}${action}${paragraphs(content.notes ?? [])}
${footer ? `<p style="${STYLE.small}">${footer}</p>` : ''}
</div>
</body>
</html>
`;
  return { subject: content.subject, text: `${text.join('\n\n')}\n`, html };
}
