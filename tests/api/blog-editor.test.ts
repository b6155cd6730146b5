import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, signedInAs, storedFiles } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

/** A stored cover's public path: a random name in the blog folder. */
const RANDOM_COVER = /^\/uploads\/blog\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.jpg$/;

const cover = () =>
  sharp({ create: { width: 120, height: 63, channels: 3, background: '#0d9488' } })
    .jpeg()
    .toBuffer();

let counter = 0;
/** A valid post; each call a new title and slug. */
function newPost(overrides: Record<string, unknown> = {}) {
  counter++;
  return {
    title: `Sending money home ${counter}`,
    slug: `sending-money-home-${counter}`,
    category: 'Finance',
    excerpt: 'Compare fees and rates before you send.',
    author: 'Amina Yusuf',
    body: `## Fees\n\nCompare **three** providers.\n\n${'word '.repeat(450)}`,
    readTimeMinutes: null,
    titleSo: '',
    excerptSo: '',
    bodySo: '',
    ...overrides,
  };
}

describe(`blog editor (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://example.test' });
    await t.db.query('DELETE FROM blog_posts');
    cookie = (await signedInAs(t, 'editor')).cookie;
  }, 120_000);
  afterAll(() => t.close());

  const staff = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const send = async (
    method: 'POST' | 'PUT',
    url: string,
    data: unknown,
    files: Parameters<typeof multipart>[1] = [],
  ) => {
    const body = multipart(data, files);
    return t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, cookie } });
  };
  const create = async (data: unknown = newPost(), files: Parameters<typeof multipart>[1] = []) => {
    const response = await send('POST', '/api/admin/blog/posts', data, files);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const publicGet = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const publicSlugs = async () =>
    ((await publicGet('/api/blog/posts')).json().posts as { slug: string }[]).map((p) => p.slug);

  it('creates a draft with its cover, computes the reading time, and shows it to nobody', async () => {
    const data = newPost();
    const post = await create(data, [{ name: 'cover', filename: 'my cover.jpg', data: await cover() }]);
    expect(post).toMatchObject({ state: 'draft', publishedAt: null, slug: data.slug, readTimeMinutes: 3 });
    expect(post.imageUrl).toMatch(RANDOM_COVER);
    expect(storedFiles(t.storage.root).some((file) => file.endsWith(post.imageUrl.slice('/uploads/'.length)))).toBe(
      true,
    );
    // Not on the blog, its page, the API, the feed or the sitemap.
    expect(await publicSlugs()).not.toContain(data.slug);
    expect((await publicGet(`/api/blog/posts/${data.slug}`)).statusCode).toBe(404);
    expect((await publicGet(`/api/blog/posts/${post.id}`)).statusCode).toBe(404);
    expect((await publicGet(`/blog/${data.slug}`)).statusCode).toBe(404);
    expect((await publicGet('/blog/rss.xml')).body).not.toContain(data.slug);
    expect((await publicGet('/sitemap.xml')).body).not.toContain(data.slug);
    expect((await publicGet('/api/blog/categories')).json().categories).toEqual([]);
  });

  it('publishes a post: at once on the blog, in its API, the feed and the sitemap', async () => {
    const data = newPost({ body: 'Hello **world**.\n\n<script>alert(1)</script>' });
    const post = await create(data);
    const published = await staff('POST', `/api/admin/blog/posts/${post.id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ state: 'published', publishedAt: expect.any(String) });
    expect(await publicSlugs()).toContain(data.slug);
    const api = (await publicGet(`/api/blog/posts/${data.slug}`)).json();
    expect(api).toMatchObject({ title: data.title, author: 'Amina Yusuf', language: 'en', imageUrl: null });
    expect(api.html).toBe('<p>Hello <strong>world</strong>.</p>\n');
    expect(api).not.toHaveProperty('body');
    expect((await publicGet('/blog/rss.xml')).body).toContain(`<link>https://example.test/blog/${data.slug}</link>`);
    expect((await publicGet('/sitemap.xml')).body).toContain(`<loc>https://example.test/blog/${data.slug}</loc>`);
    expect((await publicGet('/api/blog/categories')).json().categories).toEqual(['Finance']);
    // Publishing again keeps the date it went public.
    const again = await staff('POST', `/api/admin/blog/posts/${post.id}/publish`);
    expect(again.json().publishedAt).toBe(published.json().publishedAt);
  });

  it('unpublishes a post back to a draft, hidden again', async () => {
    const data = newPost();
    const post = await create(data);
    await staff('POST', `/api/admin/blog/posts/${post.id}/publish`);
    const draft = await staff('POST', `/api/admin/blog/posts/${post.id}/unpublish`);
    expect(draft.json()).toMatchObject({ state: 'draft', publishedAt: null });
    expect(await publicSlugs()).not.toContain(data.slug);
    expect((await publicGet(`/api/blog/posts/${data.slug}`)).statusCode).toBe(404);
  });

  it('schedules a post: hidden until its time by the database clock, then public by itself', async () => {
    const data = newPost();
    const post = await create(data);
    const { rows } = await t.db.query<{ at: string }>(
      `SELECT to_char((now() + interval '1 hour') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at`,
    );
    const at = rows[0]?.at as string;
    const scheduled = await staff('POST', `/api/admin/blog/posts/${post.id}/schedule`, { publishAt: at });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json()).toMatchObject({ state: 'scheduled', publishedAt: at });
    expect(await publicSlugs()).not.toContain(data.slug);
    expect((await publicGet(`/api/blog/posts/${data.slug}`)).statusCode).toBe(404);
    expect((await publicGet('/blog/rss.xml')).body).not.toContain(data.slug);
    expect((await publicGet('/sitemap.xml')).body).not.toContain(data.slug);
    const listed = await staff('GET', '/api/admin/blog/posts?state=scheduled');
    expect(listed.json().items.map((p: { id: number }) => p.id)).toContain(post.id);

    // The boundary: one second before its time it is hidden, at its time it is public.
    await t.db.query(`UPDATE blog_posts SET published_at = now() + interval '1 second' WHERE id = $1`, [post.id]);
    expect(await publicSlugs()).not.toContain(data.slug);
    await t.db.query('UPDATE blog_posts SET published_at = now() WHERE id = $1', [post.id]);
    expect(await publicSlugs()).toContain(data.slug);
    expect((await staff('GET', `/api/admin/blog/posts/${post.id}`)).json().state).toBe('published');
  });

  it('refuses a schedule in the past, or that is no time at all, naming the field', async () => {
    const post = await create();
    const past = await staff('POST', `/api/admin/blog/posts/${post.id}/schedule`, {
      publishAt: '2020-01-01T09:00:00+03:00',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({
      message: 'Choose a time in the future',
      fields: { publishAt: expect.any(String) },
    });
    const garbage = await staff('POST', `/api/admin/blog/posts/${post.id}/schedule`, { publishAt: 'tomorrow' });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().fields).toHaveProperty('publishAt');
    expect((await staff('GET', `/api/admin/blog/posts/${post.id}`)).json().state).toBe('draft');
  });

  it('edits a post, replacing its cover: the old file goes once no post shows it', async () => {
    const post = await create(newPost(), [{ name: 'cover', filename: 'a.jpg', data: await cover() }]);
    const oldFile = post.imageUrl.slice('/uploads/'.length);
    const edited = await send(
      'PUT',
      `/api/admin/blog/posts/${post.id}`,
      newPost({ slug: post.slug, readTimeMinutes: 9 }),
      [{ name: 'cover', filename: 'b.jpg', data: await cover() }],
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ readTimeMinutes: 9, readTimeOverride: 9 });
    expect(edited.json().imageUrl).toMatch(RANDOM_COVER);
    expect(edited.json().imageUrl).not.toBe(post.imageUrl);
    const files = storedFiles(t.storage.root);
    expect(files.some((f) => f.endsWith(oldFile))).toBe(false);
    // Removing the cover without a new one.
    const removed = await send('PUT', `/api/admin/blog/posts/${post.id}`, {
      ...newPost({ slug: post.slug }),
      removeCover: true,
    });
    expect(removed.json().imageUrl).toBeNull();
    expect(storedFiles(t.storage.root).some((f) => f.endsWith(edited.json().imageUrl.slice(9)))).toBe(false);
  });

  it('leaves no file behind when the post cannot be saved (a taken slug), and says 409', async () => {
    const first = await create();
    const before = storedFiles(t.storage.root).length;
    const clash = await send('POST', '/api/admin/blog/posts', newPost({ slug: first.slug }), [
      { name: 'cover', filename: 'c.jpg', data: await cover() },
    ]);
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ fields: { slug: expect.stringContaining('Another post') } });
    expect(storedFiles(t.storage.root)).toHaveLength(before);
    // An edit onto another post's slug, too, and the post is unchanged.
    const second = await create();
    const edit = await send('PUT', `/api/admin/blog/posts/${second.id}`, newPost({ slug: first.slug }), [
      { name: 'cover', filename: 'd.jpg', data: await cover() },
    ]);
    expect(edit.statusCode).toBe(409);
    expect(storedFiles(t.storage.root)).toHaveLength(before);
    expect((await staff('GET', `/api/admin/blog/posts/${second.id}`)).json()).toMatchObject({
      slug: second.slug,
      title: second.title,
    });
  });

  it('refuses a file that is no image, naming it, and stores nothing', async () => {
    const before = storedFiles(t.storage.root).length;
    const response = await send('POST', '/api/admin/blog/posts', newPost(), [
      { name: 'cover', filename: 'notes.jpg', data: Buffer.from('not an image at all') },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json().fields.cover).toMatch(/^notes\.jpg: /);
    expect(storedFiles(t.storage.root)).toHaveLength(before);
    const two = await send('POST', '/api/admin/blog/posts', newPost(), [
      { name: 'cover', filename: 'a.jpg', data: await cover() },
      { name: 'cover', filename: 'b.jpg', data: await cover() },
    ]);
    expect(two.statusCode).toBe(413);
    expect(storedFiles(t.storage.root)).toHaveLength(before);
  });

  it.each([
    ['no title', { title: '  ' }, 'title', 'Title is required'],
    [
      'an upper-case slug',
      { slug: 'Hello-World' },
      'slug',
      'Use lower-case letters and digits, words joined by single hyphens',
    ],
    [
      'a slug with a double hyphen',
      { slug: 'a--b' },
      'slug',
      'Use lower-case letters and digits, words joined by single hyphens',
    ],
    ['a slug of digits', { slug: '2024' }, 'slug', 'The address needs at least one letter'],
    ['an unknown category', { category: 'Cooking' }, 'category', 'Choose a category'],
    ['no excerpt', { excerpt: '' }, 'excerpt', 'Excerpt is required'],
    ['no body', { body: '' }, 'body', 'Body is required'],
    ['a body too long', { body: 'x'.repeat(50_001) }, 'body', 'This text is too long'],
    [
      'a reading time of 0',
      { readTimeMinutes: 0 },
      'readTimeMinutes',
      'A whole number of minutes from 1 to 600, or empty',
    ],
    [
      'a Somali title alone',
      { titleSo: 'Lacag u dirista' },
      'excerptSo',
      'Fill in the Somali title, excerpt and body together, or none of them',
    ],
    ['a control character', { title: 'Bad\u0007title' }, 'title', /characters that are not allowed/],
    ['an unknown field', { publishedAt: '2020-01-01' }, 'data', undefined],
  ])('refuses %s with a 400 naming the field', async (_name, change, field, message) => {
    const response = await send('POST', '/api/admin/blog/posts', newPost(change));
    expect(response.statusCode, response.body).toBe(400);
    if (message) expect(response.json().fields[field]).toMatch(message);
    else expect(Object.keys(response.json().fields ?? { data: '' }).length).toBeGreaterThan(0);
  });

  it('refuses a JSON body and a malformed form without a 500', async () => {
    const json = await staff('POST', '/api/admin/blog/posts', newPost());
    expect(json.statusCode).toBe(415);
    const notJson = multipart(undefined, [], '{"title": ');
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blog/posts',
      payload: notJson.payload,
      headers: { ...notJson.headers, cookie },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('The post data is not valid JSON.');
    const cut = multipart(newPost());
    const truncated = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blog/posts',
      payload: cut.payload.subarray(0, cut.payload.length - 20),
      headers: { ...cut.headers, cookie },
    });
    expect(truncated.statusCode).toBe(400);
    expect((await staff('GET', '/api/admin/blog/posts/abc')).statusCode).toBe(400);
    expect((await staff('GET', '/api/admin/blog/posts/99999')).statusCode).toBe(404);
    expect((await staff('POST', '/api/admin/blog/posts/99999/publish')).statusCode).toBe(404);
  });

  it('moves a post to a new slug: old slugs and the old id answer 301 to it, chains collapse', async () => {
    const data = newPost();
    const post = await create(data);
    await staff('POST', `/api/admin/blog/posts/${post.id}/publish`);
    const rename = (slug: string) => send('PUT', `/api/admin/blog/posts/${post.id}`, { ...data, slug });
    expect((await rename('money-home-b')).statusCode).toBe(200);
    expect((await rename('money-home-c')).statusCode).toBe(200);
    for (const old of [data.slug, 'money-home-b', String(post.id)]) {
      const response = await publicGet(`/blog/${old}?lang=so`);
      expect(response.statusCode, old).toBe(301);
      expect(response.headers.location, old).toBe('/blog/money-home-c?lang=so');
      // The API finds it too, under its current slug.
      expect((await publicGet(`/api/blog/posts/${old}`)).json().slug, old).toBe('money-home-c');
    }
    // Taking back an old slug: no redirect loop.
    expect((await rename(data.slug)).statusCode).toBe(200);
    expect((await publicGet('/blog/money-home-c')).headers.location).toBe(`/blog/${data.slug}`);
    expect((await publicGet(`/blog/${data.slug}`)).statusCode).not.toBe(301);
    // Another post cannot take a slug this one had: its old links must keep working.
    const other = await create();
    const taken = await send('PUT', `/api/admin/blog/posts/${other.id}`, { ...newPost(), slug: 'money-home-b' });
    expect(taken.statusCode).toBe(409);
    // Unpublished, the old addresses lead nowhere.
    await staff('POST', `/api/admin/blog/posts/${post.id}/unpublish`);
    expect((await publicGet('/blog/money-home-b')).statusCode).toBe(404);
  });

  it('shows Somali readers the Somali version when the post has one', async () => {
    const data = newPost({
      titleSo: 'Lacag u dirista qoyska',
      excerptSo: 'Is barbar dhig kharashyada.',
      bodySo: 'Kharashka **saddex** shirkadood.',
    });
    const post = await create(data);
    expect(post.hasSomali).toBe(true);
    await staff('POST', `/api/admin/blog/posts/${post.id}/publish`);
    const english = await create();
    await staff('POST', `/api/admin/blog/posts/${english.id}/publish`);

    const so = (await publicGet(`/api/blog/posts/${data.slug}?lang=so`)).json();
    expect(so).toMatchObject({
      title: 'Lacag u dirista qoyska',
      excerpt: 'Is barbar dhig kharashyada.',
      language: 'so',
    });
    expect(so.html).toBe('<p>Kharashka <strong>saddex</strong> shirkadood.</p>\n');
    const byCookie = (await publicGet(`/api/blog/posts/${data.slug}`, { cookie: 'lang=so' })).json();
    expect(byCookie.language).toBe('so');
    const en = (await publicGet(`/api/blog/posts/${data.slug}?lang=en`)).json();
    expect(en).toMatchObject({ title: data.title, language: 'en' });
    // A post without a Somali version stays English, and says so.
    const list = (await publicGet('/api/blog/posts?lang=so')).json().posts as { slug: string; language: string }[];
    expect(list.find((p) => p.slug === data.slug)?.language).toBe('so');
    expect(list.find((p) => p.slug === english.slug)?.language).toBe('en');
    const feed = (await publicGet('/blog/rss.xml?lang=so')).body;
    expect(feed).toContain('<title>Lacag u dirista qoyska</title>');
    expect(feed).toContain(`<link>https://example.test/blog/${data.slug}?lang=so</link>`);
  });

  it('lists posts for staff with search, state and server-side paging', async () => {
    const all = (await staff('GET', '/api/admin/blog/posts?limit=100')).json();
    expect(all.total).toBe(all.items.length);
    const page = (await staff('GET', '/api/admin/blog/posts?limit=2&offset=2')).json();
    expect(page.items).toHaveLength(2);
    expect(page.total).toBe(all.total);
    expect(page.items[0].id).toBe(all.items[2].id);
    const drafts = (await staff('GET', '/api/admin/blog/posts?state=draft&limit=100')).json();
    expect(drafts.items.every((p: { state: string }) => p.state === 'draft')).toBe(true);
    const found = (await staff('GET', '/api/admin/blog/posts?q=LACAG')).json();
    expect(found.items.map((p: { title: string }) => p.title)).toEqual([expect.stringMatching(/^Sending money home/)]);
    expect((await staff('GET', '/api/admin/blog/posts?q=%25')).json().total).toBe(0);
    for (const bad of ['state=old', 'limit=0', 'limit=101', 'offset=-1', `q=${'x'.repeat(101)}`, 'page=2']) {
      expect((await staff('GET', `/api/admin/blog/posts?${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it('deletes a post and its cover (as an admin)', async () => {
    const post = await create(newPost(), [{ name: 'cover', filename: 'a.jpg', data: await cover() }]);
    const file = post.imageUrl.slice('/uploads/'.length);
    expect((await staff('DELETE', `/api/admin/blog/posts/${post.id}`)).statusCode).toBe(403);
    const admin = (await signedInAs(t, 'admin')).cookie;
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/blog/posts/${post.id}`,
      headers: { cookie: admin },
    });
    expect(deleted.statusCode).toBe(204);
    expect((await staff('GET', `/api/admin/blog/posts/${post.id}`)).statusCode).toBe(404);
    expect(storedFiles(t.storage.root).some((f) => f.endsWith(file))).toBe(false);
  });

  it('previews Markdown with the rules of the public pages', async () => {
    const response = await staff('POST', '/api/admin/blog/preview', {
      body: '# Big\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)> [out](https://elsewhere.example)',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().html).toBe(
      '<h2>Big</h2>\n<p>[x](javascript:alert(1))  <a href="https://elsewhere.example" rel="noopener nofollow ugc">out</a></p>\n',
    );
  });
});
