import { allowConsoleErrors, expect, hydrated, test } from './fixtures';
import { LANGUAGES, VIEWPORTS } from './public-pages';

test.describe('blog', () => {
  test('comes with its posts in the HTML from the server', async ({ page, consoleErrors }) => {
    // Without JavaScript the page still lists the posts: the server rendered them.
    await page.context().route('**/assets/*.js', (route) => route.abort());
    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 1, name: 'Our Blog & News' })).toBeVisible();
    await expect(page.getByRole('article').first()).toContainText(/\d+ min read/);
    // The blocked scripts are logged as failed loads; those were wanted here.
    allowConsoleErrors(consoleErrors, /ERR_FAILED|Failed to load/);
  });

  test.describe('while its posts load', () => {
    // The service worker fetches /api/blog/ itself (its offline copy), past the page's route
    // that holds the answer back: once it controls the page, the posts came at once.
    test.use({ serviceWorkers: 'block' });

    test('shows 6 skeletons while loading, then the posts from the database', async ({ page }) => {
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/api/blog/posts?*', async (route) => {
        await gate;
        await route.continue();
      });
      // Opened from another page, the blog loads its posts in the browser.
      await page.goto('/about');
      await hydrated(page);
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Blog' })
        .first()
        .click();
      await expect(page.getByRole('heading', { level: 1, name: 'Our Blog & News' })).toBeVisible();
      await expect(page.getByTestId('post-skeleton')).toHaveCount(6);
      release();
      await expect(page.getByTestId('post-skeleton')).toHaveCount(0);
      const cards = page.getByRole('article');
      await expect(cards.first()).toBeVisible();
      expect(await cards.count()).toBeGreaterThan(0);
      expect(await cards.count()).toBeLessThanOrEqual(6);
      await expect(cards.first().getByRole('link', { name: /^Read more:/ })).toHaveAttribute(
        'href',
        /^\/blog\/[a-z0-9-]*[a-z][a-z0-9-]*$/,
      );
      await expect(cards.first()).toContainText(/\d+ min read/);
    });
  });

  test('filters by category in the URL and says so when a category is empty', async ({ page }) => {
    await page.goto('/blog');
    const filters = page.getByRole('group', { name: 'Filter posts by category' });
    await expect(filters.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    const second = filters.getByRole('button').nth(1);
    const category = (await second.textContent()) ?? '';
    await second.click();
    await expect(page).toHaveURL(new RegExp(`category=${encodeURIComponent(category).replaceAll('%20', '\\+')}`));
    await expect(second).toHaveAttribute('aria-pressed', 'true');
    await expect
      .poll(async () => {
        const cards = await page.getByRole('article').allTextContents();
        return cards.length > 0 && cards.every((text) => text.includes(category));
      })
      .toBe(true);

    await page.goto('/blog?category=Cooking');
    await expect(page.getByRole('heading', { name: 'No posts found' })).toBeVisible();
    await expect(
      page.getByText(
        'We couldn\'t find any blog posts in the "Cooking" category. Try selecting a different category or check back later for new content.',
      ),
    ).toBeVisible();
  });

  test('pagination follows the real count', async ({ page }) => {
    await page.goto('/blog');
    const pager = page.getByRole('navigation', { name: 'Blog pages' });
    await expect(pager.getByRole('link', { name: 'Previous' })).toBeDisabled();
    await expect(pager.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    const pages = await pager.getByRole('link', { name: /^Page \d+$/ }).count();
    if (pages === 1) await expect(pager.getByRole('link', { name: 'Next' })).toBeDisabled();
    else {
      await pager.getByRole('link', { name: 'Next' }).click();
      await expect(page).toHaveURL(/page=2/);
      await expect(pager.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    }
  });

  test('a post opens on its own page with its body and a way back', async ({ page, consoleErrors }) => {
    await page.goto('/blog');
    const first = page.getByRole('article').first();
    const title = (await first.getByRole('heading').textContent()) ?? '';
    await first.getByRole('link', { name: /^Read more:/ }).click();
    await expect(page).toHaveURL(/\/blog\/[a-z0-9-]*[a-z][a-z0-9-]*$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\|`));
    await expect(page.getByText(/\d+ min read/)).toBeVisible();
    await page.getByRole('link', { name: 'Back to Blog' }).first().click();
    await expect(page).toHaveURL(/\/blog$/);

    const missing = await page.goto('/blog/999999');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Blog post not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    // Chromium logs the 404 answer itself; nothing else may be logged.
    allowConsoleErrors(consoleErrors, /status of 404/);
  });
});

test('a link to a blog post previews its cover, title and excerpt', async ({ request }) => {
  const { posts } = (await (await request.get('/api/blog/posts')).json()) as {
    posts: { id: number; slug: string; title: string; imageUrl: string }[];
  };
  const post = posts[0]!;
  const html = await (await request.get(`/blog/${post.slug}`)).text();
  expect(html).toContain(`<meta property="og:type" content="article">`);
  expect(html).toMatch(new RegExp(`<meta property="og:image" content="http://127\\.0\\.0\\.1:\\d+${post.imageUrl}">`));
  expect(html).toMatch(/<meta property="og:title" content="[^"]+">/);
  expect(html).toMatch(/<meta name="twitter:card" content="summary_large_image">/);
  const list = await (await request.get('/blog?category=Finance')).text();
  expect(list).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/og-image\.png">/);
});

const CATEGORY_KEYS = {
  Business: 'business',
  'Real Estate': 'realEstate',
  Travel: 'travel',
  'Digital Marketing': 'digitalMarketing',
  Investment: 'investment',
  Finance: 'finance',
} as const;

for (const [locale, messages] of LANGUAGES) {
  for (const viewport of VIEWPORTS) {
    test.describe(`blog cards in ${locale} at ${viewport.width} px`, () => {
      test.use({ locale, viewport });

      test('name their categories in the visitor language; the address keeps the stored name', async ({ page }) => {
        await page.goto('/blog');
        await hydrated(page);
        const filters = page.getByRole('group', { name: messages.blog.categoriesLabel });
        const names = Object.values(CATEGORY_KEYS).map((key) => messages.blog.categories[key]);
        const shown = (await filters.getByRole('button').allTextContents()).slice(1);
        expect(shown.length).toBeGreaterThan(0);
        for (const name of shown) expect(names).toContain(name);

        await filters.getByRole('button', { name: messages.blog.categories.finance, exact: true }).click();
        await expect(page).toHaveURL(/category=Finance/);
        const card = page.getByRole('article').first();
        await expect(card.getByText(messages.blog.categories.finance, { exact: true })).toBeVisible();
        await card.getByRole('link', { name: new RegExp(`^${messages.blog.readMoreAbout.split(':')[0]}`) }).click();
        await expect(page).toHaveURL(/\/blog\/[a-z0-9-]*[a-z][a-z0-9-]*$/);
        await expect(page.getByRole('link', { name: messages.blog.post.back }).first()).toBeVisible();
        await expect(
          page.getByRole('article').getByText(messages.blog.categories.finance, { exact: true }),
        ).toBeVisible();
      });

      test('show each picture whole, with the category badge beside it rather than over it', async ({ page }) => {
        await page.goto('/blog');
        const cards = page.getByRole('article');
        await expect(cards.first()).toBeVisible();
        for (let i = 0; i < Math.min(3, await cards.count()); i++) {
          const picture = cards.nth(i).locator('img');
          await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
          const fit = await picture.evaluate((img: HTMLImageElement) => ({
            shown: img.clientWidth / img.clientHeight,
            natural: img.naturalWidth / img.naturalHeight,
          }));
          // object-fit: cover at the picture's own ratio: nothing is cut off.
          expect(fit.shown).toBeCloseTo(fit.natural, 1);
          const pictureBox = (await picture.boundingBox())!;
          const names = Object.values(CATEGORY_KEYS).map((key) => messages.blog.categories[key]);
          const badge = cards.nth(i).getByText(new RegExp(`^(${names.join('|')})$`));
          const badgeBox = (await badge.boundingBox())!;
          expect(badgeBox.y, 'the badge sits below the picture').toBeGreaterThanOrEqual(
            pictureBox.y + pictureBox.height - 1,
          );
        }
      });
    });
  }
}
