import { allowConsoleErrors, expect, test } from './fixtures';

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
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Blog' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Our Blog & News' })).toBeVisible();
    await expect(page.getByTestId('post-skeleton')).toHaveCount(6);
    release();
    await expect(page.getByTestId('post-skeleton')).toHaveCount(0);
    const cards = page.getByRole('article');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThan(0);
    expect(await cards.count()).toBeLessThanOrEqual(6);
    await expect(cards.first().getByRole('link', { name: /^Read more:/ })).toHaveAttribute('href', /^\/blog\/\d+$/);
    await expect(cards.first()).toContainText(/\d+ min read/);
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
    await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    const pages = await pager.getByRole('button', { name: /^Page \d+$/ }).count();
    if (pages === 1) await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
    else {
      await pager.getByRole('button', { name: 'Next' }).click();
      await expect(page).toHaveURL(/page=2/);
      await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    }
  });

  test('a post opens on its own page with its body and a way back', async ({ page, consoleErrors }) => {
    await page.goto('/blog');
    const first = page.getByRole('article').first();
    const title = (await first.getByRole('heading').textContent()) ?? '';
    await first.getByRole('link', { name: /^Read more:/ }).click();
    await expect(page).toHaveURL(/\/blog\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\|`));
    await expect(page.getByText(/\d+ min read/)).toBeVisible();
    await page.getByRole('link', { name: 'Back to Blog' }).first().click();
    await expect(page).toHaveURL(/\/blog$/);

    await page.goto('/blog/999999');
    await expect(page.getByRole('heading', { name: 'Blog post not found' })).toBeVisible();
    // Chromium logs the 404 answer itself; nothing else may be logged.
    allowConsoleErrors(consoleErrors, /status of 404/);
  });
});
