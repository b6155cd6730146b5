import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { expect, hydrated, test } from './fixtures';
import { LANGUAGES, PUBLIC_PAGES, VIEWPORTS } from './public-pages';

/**
 * axe-core on every public page, in both languages, on a phone and a desktop: no violation of
 * its rules (WCAG 2.x A and AA and its best practices), and none of the one that checks that a
 * control's visible label is part of its accessible name (WCAG 2.5.3), which axe still
 * counts as experimental and so leaves out unless asked.
 */
const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

// axe is injected as an inline script, which the site's CSP (rightly) refuses.
test.use({ bypassCSP: true });

async function axeViolations(page: Page): Promise<string[]> {
  // Once per page load: a second size checks with the same copy.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SOURCE });
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(
      document,
      { rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] },
    ),
  );
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id} (${violation.impact}): ${node.target.join(' ')} — ${node.failureSummary ?? ''}`,
    ),
  );
}

/** The pages that need data to find: a listing of each kind, and a blog post. */
async function dataPages(page: Page): Promise<string[]> {
  const paths: string[] = [];
  for (const category of ['marketplace', 'real-estate']) {
    await page.goto(`/${category}`);
    const href = await page.getByRole('article').first().getByRole('link').first().getAttribute('href');
    if (href) paths.push(href);
  }
  const posts = (await (await page.request.get('/api/blog/posts')).json()) as { posts: { slug: string }[] };
  if (posts.posts[0]) paths.push(`/blog/${posts.posts[0].slug}`);
  return paths;
}

// Each page loads once per language and is checked at both sizes (a resize applies the same
// styles a load at that size would): half the page loads of a load per size.
for (const [lang] of LANGUAGES) {
  test(`every public page in ${lang} at ${VIEWPORTS.map((viewport) => viewport.width).join(' and ')} px has no axe violation`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const paths = [...PUBLIC_PAGES, '/saved', ...(await dataPages(page))];
    expect(paths.length).toBe(PUBLIC_PAGES.length + 4);
    const found: string[] = [];
    for (const path of paths) {
      await page.setViewportSize(VIEWPORTS[0]);
      await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
      await hydrated(page);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        for (const violation of await axeViolations(page)) found.push(`${path} at ${viewport.width} px: ${violation}`);
      }
    }
    expect(found).toEqual([]);
  });
}
