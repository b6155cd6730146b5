import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Pagination, pageHref, pageWindow } from './pagination';

describe('the page window', () => {
  it.each([
    [1, 1, [1]],
    [1, 5, [1, 2, 3, 4, 5]],
    [1, 9, [1, 2, 3, 'gap', 9]],
    [5, 9, [1, 2, 3, 4, 5, 6, 7, 8, 9]],
    [1, 7, [1, 2, 3, 'gap', 7]],
    [6, 20, [1, 'gap', 4, 5, 6, 7, 8, 'gap', 20]],
    [20, 20, [1, 'gap', 18, 19, 20]],
    [4, 7, [1, 2, 3, 4, 5, 6, 7]],
  ])('page %i of %i shows %j', (page, pages, shown) => {
    expect(pageWindow(page, pages)).toEqual(shown);
  });
});

describe('a page address', () => {
  it.each([
    ['/marketplace', '', 2, '/marketplace?page=2'],
    ['/marketplace', '?condition=used&page=3', 1, '/marketplace?condition=used'],
    ['/blog', '?category=Travel&page=2', 3, '/blog?category=Travel&page=3'],
    ['/admin/listings', '?page=9', 1, '/admin/listings'],
  ])('%s%s, page %i → %s', (pathname, search, page, href) => {
    expect(pageHref({ pathname, search }, page)).toBe(href);
  });
});

const render = (props: { page: number; pages: number; numbered?: boolean; status?: string }) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <Pagination
        page={props.page}
        pages={props.pages}
        hrefFor={(n) => `/list?page=${n}`}
        label="Pages"
        previous="Previous"
        next="Next"
        pageName={props.numbered ? (n) => `Page ${n}` : undefined}
        status={props.status}
      />
    </MemoryRouter>,
  );

/** The links of the markup, as [text or name, href, current], an unavailable one with a null href. */
function links(html: string) {
  return [...html.matchAll(/<a([^>]*)>([^<]*)<\/a>/g)].map(([, attributes = '', text]) => [
    /aria-label="([^"]+)"/.exec(attributes)?.[1] ?? text,
    /href="([^"]+)"/.exec(attributes)?.[1] ?? (attributes.includes('aria-disabled="true"') ? null : 'missing'),
    attributes.includes('aria-current="page"'),
  ]);
}

describe('the page links', () => {
  it('on the first page, Previous leads nowhere and says so', () => {
    expect(links(render({ page: 1, pages: 3, numbered: true }))).toEqual([
      ['Previous', null, false],
      ['Page 1', '/list?page=1', true],
      ['Page 2', '/list?page=2', false],
      ['Page 3', '/list?page=3', false],
      ['Next', '/list?page=2', false],
    ]);
  });

  it('on the last page, Next leads nowhere; far pages are a gap', () => {
    const html = render({ page: 9, pages: 9, numbered: true, status: 'Page 9 of 9' });
    expect(links(html)).toEqual([
      ['Previous', '/list?page=8', false],
      ['Page 1', '/list?page=1', false],
      ['Page 7', '/list?page=7', false],
      ['Page 8', '/list?page=8', false],
      ['Page 9', '/list?page=9', true],
      ['Next', null, false],
    ]);
    expect(html).toContain('aria-hidden="true" class="px-1">…</li>');
    expect(html).toContain('<li class="sr-only">Page 9 of 9</li>');
  });

  it('without page numbers, the status line stands between Previous and Next', () => {
    const html = render({ page: 2, pages: 3, status: 'Page 2 of 3' });
    expect(links(html)).toEqual([
      ['Previous', '/list?page=1', false],
      ['Next', '/list?page=3', false],
    ]);
    expect(html).toMatch(/<li class="[^"]*text-sm[^"]*">Page 2 of 3<\/li>/);
    expect(html).toContain('<nav aria-label="Pages"');
  });
});

describe("the current page's look", () => {
  it('carries only its own colours, so the number shows white on the brand colour', () => {
    const html = render({ page: 2, pages: 3, numbered: true });
    const current = /<a[^>]*aria-current="page"[^>]*>/.exec(html)?.[0] ?? '';
    const classes = /class="([^"]*)"/.exec(current)?.[1]?.split(' ') ?? [];
    expect(classes).toEqual(expect.arrayContaining(['bg-brand-700', 'text-white']));
    expect(classes.filter((c) => /^(bg|text)-/.test(c) && !['bg-brand-700', 'text-white'].includes(c))).toEqual([]);
  });
});
