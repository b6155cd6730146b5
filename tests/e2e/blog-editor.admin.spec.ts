import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { allowConsoleErrors, expect, test } from './fixtures';
import { allowFailedRequests, signIn } from './staff';

/**
 * The blog editor end to end (docs/product.md#blog-editor): staff write, publish and schedule
 * posts; visitors read them from the server's HTML, with or without JavaScript.
 */

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
];

/** Opens a section from the menu; on a phone the menu opens first. */
async function openSection(page: Page, name: string) {
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name, exact: true }).click();
}

/** A visitor's own browser: no staff cookie, and scripts on or off. */
async function visitor(browser: Browser, viewport: { width: number; height: number }, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ viewport, javaScriptEnabled });
  return { page: await context.newPage(), close: () => context.close() };
}

const unique = () => Math.random().toString(36).slice(2, 8);

for (const viewport of VIEWPORTS) {
  test.describe(`blog editor at ${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport });

    test('an editor writes and publishes a post; a visitor reads it, with and without JavaScript', async ({
      page,
      browser,
    }) => {
      const title = `Packing for Mogadishu ${unique()}`;
      await signIn(page, 'editor');
      await openSection(page, 'Blog');
      await expect(page).toHaveURL(/\/admin\/blog$/);
      await page.getByRole('link', { name: '+ New post' }).click();
      await expect(page).toHaveURL(/\/admin\/blog\/new$/);

      await page.getByLabel('Title', { exact: true }).first().fill(title);
      await page.getByRole('button', { name: 'Make from the title' }).click();
      const slug = await page.getByLabel('Address').inputValue();
      expect(slug).toMatch(/^packing-for-mogadishu-[a-z0-9]+$/);
      await page.getByLabel('Category').selectOption('Travel');
      await page.getByLabel('Author (optional)').fill('Hodan Ali');
      await page.getByLabel('Excerpt').first().fill('What to bring, and what to leave at home.');
      await page
        .getByLabel('Body (Markdown)')
        .first()
        .fill(
          'Travel light.\n\n## Documents\n\nKeep your **passport** close. [Visa help](/visa-assistance)\n\n<script>alert(1)</script>',
        );
      // The live preview: the server's rendering, the script gone.
      const preview = page.getByRole('region', { name: 'Preview' }).first();
      await expect(preview.getByRole('heading', { name: 'Documents' })).toBeVisible();
      await expect(preview.locator('strong')).toHaveText('passport');
      await expect(preview.locator('script')).toHaveCount(0);
      await expect(page.getByText('Empty: 1 min, counted from the body.')).toBeVisible();
      const cover = await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#115e59' } })
        .png()
        .toBuffer();
      await page.locator('#blog-cover').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: cover });
      await expect(page.getByText('New cover ready: cover.jpg')).toBeVisible();

      await page.getByRole('button', { name: 'Save draft' }).click();
      await expect(page).toHaveURL(/\/admin\/blog\/\d+$/);
      await expect(page.getByText('Saved.')).toBeVisible();
      const publication = page.getByRole('region', { name: 'Publication' });
      await expect(publication.getByText('Draft', { exact: true })).toBeVisible();
      // A draft is nobody's to read.
      expect((await page.request.get(`/api/blog/posts/${slug}`)).status()).toBe(404);

      await publication.getByRole('button', { name: 'Publish now' }).click();
      await expect(page.getByText('Published.', { exact: true })).toBeVisible();
      await expect(publication.getByText('Published', { exact: true })).toBeVisible();
      // Reload keeps the editor on this post.
      await page.reload();
      await expect(page.getByLabel('Title', { exact: true }).first()).toHaveValue(title);

      // A visitor without JavaScript: the blog lists it and its page is all there, from the server.
      const plain = await visitor(browser, viewport, false);
      await plain.page.goto('/blog');
      await expect(plain.page.getByRole('heading', { name: title })).toBeVisible();
      const response = await plain.page.goto(`/blog/${slug}`);
      expect(response?.status()).toBe(200);
      await expect(plain.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(plain.page.getByRole('heading', { level: 2, name: 'Documents' })).toBeVisible();
      await expect(plain.page.locator('article strong')).toHaveText('passport');
      await expect(plain.page.getByText('By Hodan Ali')).toBeVisible();
      await expect(plain.page.locator('article script')).toHaveCount(0);
      await expect(plain.page.locator('article img').first()).toHaveAttribute('src', /^\/media\/\d+\/blog\//);
      await expect(plain.page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
        'href',
        /^\/blog\/rss\.xml\?lang=en$/,
      );
      await plain.close();

      // With JavaScript, from the blog's list to the post inside the app.
      const app = await visitor(browser, viewport, true);
      await app.page.goto('/blog');
      await expect(app.page.locator('html[data-interactive]')).toHaveCount(1);
      await app.page.getByRole('link', { name: `Read more: ${title}` }).click();
      await expect(app.page).toHaveURL(new RegExp(`/blog/${slug}$`));
      await expect(app.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(app.page.getByRole('link', { name: 'Visa help' })).toHaveAttribute('href', '/visa-assistance');
      await app.close();
    });

    test('a scheduled post stays hidden until its time; unpublished, it is hidden again', async ({
      page,
      browser,
      consoleErrors,
    }) => {
      const title = `Eid travel dates ${unique()}`;
      const slug = title.toLowerCase().replaceAll(' ', '-');
      await signIn(page, 'admin');
      const created = await page.request.post('/api/admin/blog/posts', {
        multipart: {
          data: JSON.stringify({
            title,
            slug,
            category: 'Travel',
            excerpt: 'When flights fill up.',
            author: '',
            body: 'Book early.',
            readTimeMinutes: null,
            titleSo: '',
            excerptSo: '',
            bodySo: '',
          }),
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      const { id } = await created.json();
      await page.goto(`/admin/blog/${id}`);
      const publication = page.getByRole('region', { name: 'Publication' });
      await publication.getByLabel('Date').fill('2099-12-01');
      await publication.getByLabel('Time (Nairobi)').fill('09:30');
      await publication.getByRole('button', { name: 'Schedule' }).click();
      await expect(page.getByText('Scheduled for 1 Dec 2099, 09:30 (Nairobi time).')).toBeVisible();
      await expect(publication.getByText('Goes public 1 Dec 2099, 09:30 (Nairobi time)')).toBeVisible();

      // In the list under Scheduled.
      await page.goto('/admin/blog?state=scheduled');
      await expect(page.getByRole('link', { name: title })).toBeVisible();

      const guest = await visitor(browser, viewport, true);
      await guest.page.goto('/blog');
      await expect(guest.page.getByRole('heading', { level: 1, name: 'Our Blog & News' })).toBeVisible();
      await expect(guest.page.getByRole('heading', { name: title })).toHaveCount(0);
      const hidden = await guest.page.goto(`/blog/${slug}`);
      expect(hidden?.status()).toBe(404);
      await expect(guest.page.getByRole('heading', { name: 'Blog post not found' })).toBeVisible();
      expect(await (await guest.page.request.get('/blog/rss.xml')).text()).not.toContain(slug);
      expect(await (await guest.page.request.get('/sitemap.xml')).text()).not.toContain(slug);
      await guest.close();

      // A time in the past is refused, naming the field.
      await page.goto(`/admin/blog/${id}`);
      await publication.getByLabel('Date').fill('2020-01-01');
      await publication.getByRole('button', { name: 'Schedule' }).click();
      await expect(publication.getByText('Choose a time in the future')).toBeVisible();
      allowFailedRequests(consoleErrors);
      allowConsoleErrors(consoleErrors, /status of 404/);

      await publication.getByRole('button', { name: 'Unpublish' }).click();
      await expect(page.getByText('Back to draft.')).toBeVisible();
      await expect(publication.getByText('Draft', { exact: true })).toBeVisible();
    });
  });
}

test('an editor may not delete a post; an admin deletes one after confirming', async ({ page }) => {
  const title = `Old news ${unique()}`;
  await signIn(page, 'editor');
  const created = await page.request.post('/api/admin/blog/posts', {
    multipart: {
      data: JSON.stringify({
        title,
        slug: title.toLowerCase().replaceAll(' ', '-'),
        category: 'Business',
        excerpt: 'Soon gone.',
        author: '',
        body: 'Gone soon.',
        readTimeMinutes: null,
        titleSo: '',
        excerptSo: '',
        bodySo: '',
      }),
    },
  });
  const { id } = await created.json();
  await page.goto(`/admin/blog/${id}`);
  await expect(page.getByLabel('Title', { exact: true }).first()).toHaveValue(title);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await page.goto(`/admin/blog?q=${encodeURIComponent(title)}`);
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  await page.context().clearCookies();
  await signIn(page, 'admin', `/admin/blog?q=${encodeURIComponent(title)}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete Post' });
  await expect(dialog).toContainText(`Are you sure you want to delete "${title}"?`);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Post deleted.')).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
});
