import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

describe(`blog (${testDatabaseKind()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.db.query('DELETE FROM blog_posts');
    // 8 posts: 5 Travel, 3 Finance, newest first by date.
    for (let i = 1; i <= 8; i++) {
      await t.db.query(
        `INSERT INTO blog_posts (slug, title, excerpt, body, image_url, category, published_at, read_time_minutes, featured)
         VALUES ($1, $2, 'Excerpt', $3, '/img.jpg', $4, $5, $6, $7)`,
        [
          `post-${i}`,
          `Post ${i}`,
          'First paragraph.\n\n## A heading\n\nSecond paragraph.',
          i <= 5 ? 'Travel' : 'Finance',
          `2024-01-${String(i).padStart(2, '0')}`,
          i,
          i === 8,
        ],
      );
    }
  });
  afterAll(() => t.close());

  it('lists one page of six posts, newest first, with the real count', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/blog/posts' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ total: 8, page: 1, pageSize: 6, pageCount: 2 });
    expect(body.posts.map((p: { title: string }) => p.title)).toEqual([
      'Post 8',
      'Post 7',
      'Post 6',
      'Post 5',
      'Post 4',
      'Post 3',
    ]);
    expect(body.posts[0]).toEqual({
      id: expect.any(Number),
      slug: 'post-8',
      title: 'Post 8',
      excerpt: 'Excerpt',
      imageUrl: '/img.jpg',
      category: 'Finance',
      publishedAt: '2024-01-08T00:00:00.000Z',
      readTimeMinutes: 8,
      featured: true,
      language: 'en',
    });
    expect(body.posts[0]).not.toHaveProperty('body');
    expect(body.posts[0]).not.toHaveProperty('html');
  });

  it('pages and filters by category', async () => {
    const page2 = (await t.app.inject({ method: 'GET', url: '/api/blog/posts?page=2' })).json();
    expect(page2.posts.map((p: { title: string }) => p.title)).toEqual(['Post 2', 'Post 1']);
    const finance = (await t.app.inject({ method: 'GET', url: '/api/blog/posts?category=Finance' })).json();
    expect(finance).toMatchObject({ total: 3, pageCount: 1 });
    const none = (await t.app.inject({ method: 'GET', url: '/api/blog/posts?category=Cooking' })).json();
    expect(none).toMatchObject({ posts: [], total: 0, pageCount: 0 });
    const past = (await t.app.inject({ method: 'GET', url: '/api/blog/posts?page=9' })).json();
    expect(past).toMatchObject({ posts: [], total: 8, pageCount: 2 });
  });

  it.each([
    ['/blog?page=99', '/blog?page=2'],
    ['/blog?category=Finance&page=5', '/blog?category=Finance'],
    ['/blog?category=Cooking&page=3', '/blog?category=Cooking'],
    ['/blog?page=3&lang=so', '/blog?page=2&lang=so'],
  ])('the page %s, past the last page, redirects to %s as listings do', async (url, location) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(location);
  });

  it('shows the last blog page itself', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/blog?page=2' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Post 2');
    expect(response.body).not.toContain('No posts found');
  });

  it('a Somali page says when a post has no Somali version, and an English page says nothing of it', async () => {
    await t.db.query(
      `UPDATE blog_posts SET title_so = 'Qoraal 7', excerpt_so = 'Soo koobid', body_so = 'Qoraal af-Soomaali ah.'
       WHERE slug = 'post-7'`,
    );
    const notice = 'Qoraalkan weli af-Soomaali laguma qorin';
    const untranslated = (await t.app.inject({ method: 'GET', url: '/blog/post-3?lang=so' })).body;
    expect(untranslated).toContain(notice);
    const translated = (await t.app.inject({ method: 'GET', url: '/blog/post-7?lang=so' })).body;
    expect(translated).toContain('Qoraal 7');
    expect(translated).not.toContain(notice);
    expect((await t.app.inject({ method: 'GET', url: '/blog/post-3' })).body).not.toContain(notice);
    // The list marks each card whose post is in English only.
    const list = (await t.app.inject({ method: 'GET', url: '/blog?lang=so' })).body;
    expect(list.split('Ingiriisi oo keliya').length - 1).toBe(5);
  });

  it('rejects a bad page and unknown parameters', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/blog/posts?page=0' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/blog/posts?page=abc' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/blog/posts?limit=1000' })).statusCode).toBe(400);
  });

  it('lists each distinct category once', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/blog/categories' });
    expect(response.json().categories.sort()).toEqual(['Finance', 'Travel']);
  });

  it('returns one post by its slug (or its old id) with its body as HTML, or 404', async () => {
    const { rows } = await t.db.query<{ id: number }>("SELECT id FROM blog_posts WHERE slug = 'post-3'");
    const response = await t.app.inject({ method: 'GET', url: '/api/blog/posts/post-3' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      title: 'Post 3',
      html: '<p>First paragraph.</p>\n<h2>A heading</h2>\n<p>Second paragraph.</p>\n',
    });
    expect(response.headers.vary).toBe('accept-language, cookie');
    const byId = await t.app.inject({ method: 'GET', url: `/api/blog/posts/${rows[0]?.id}` });
    expect(byId.json().slug).toBe('post-3');
    for (const url of ['/api/blog/posts/999999', '/api/blog/posts/abc']) {
      const missing = await t.app.inject({ method: 'GET', url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json().message).toBe('Blog post not found');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/blog/posts/Not_A_Slug' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/blog/posts/post-3?limit=1' })).statusCode).toBe(400);
  });
});
