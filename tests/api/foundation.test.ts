import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_DIST_DIR } from '../../src/server/plugins/web-app';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

describe(`foundation (${testDatabaseKind()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports a healthy database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: { kind: testDatabaseKind(), status: 'up' } });
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nope?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ error: 'Not Found', message: 'No API route for GET /api/nope.' });
  });

  it("answers the staff area's paths with the app HTML, and sends any other path home", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/admin/some/client/route' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('<div id="root"></div>');
    const unknown = await t.app.inject({ method: 'GET', url: '/some/client/route' });
    expect([unknown.statusCode, unknown.headers.location]).toEqual([302, '/']);
  });

  it('answers a missing static file with 404, not the app', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/missing-abc123.js' });
    expect(response.statusCode).toBe(404);
  });

  it.each([
    '/.vite/manifest.json',
    '//.vite/manifest.json',
    '///.vite/manifest.json',
    '/assets/../.vite/manifest.json',
    '/x/../.vite/manifest.json',
    '/./.vite/manifest.json',
    '/%2evite/manifest.json',
    '/%2Evite/manifest.json',
    '//%2evite/manifest.json',
    '/assets/%2e%2e/.vite/manifest.json',
    '/assets/..%2f.vite/manifest.json',
    '/.VITE/manifest.json',
    '/.vite/./manifest.json',
    '/.vite//manifest.json',
    '/.vite/manifest.json/',
    '/.vite/',
  ])('never serves the build manifest (%s)', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('isEntry');
  });

  it('without PUBLIC_URL (development), links take the request host only when it is well-formed', async () => {
    const fine = await t.app.inject({ method: 'GET', url: '/about', headers: { host: 'Shop.Example:3000' } });
    expect(fine.body).toContain('hreflang="en" href="http://shop.example:3000/about?lang=en"');
    for (const host of [
      'evil.example/x?',
      'evil.example"><b>',
      'user@evil.example',
      'evil example',
      'evil.example:port',
    ]) {
      // A malformed Host is refused outright; nothing of it reaches a link.
      const response = await t.app.inject({ method: 'GET', url: '/about', headers: { host } });
      expect(response.statusCode, host).toBe(400);
      expect(response.body, host).not.toContain('evil');
    }
  });

  it('sends security headers with a CSP that allows no inline script', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the precompressed build to browsers that accept it, with a long cache', async () => {
    const script = readdirSync(`${WEB_DIST_DIR}/assets`).find((f) => f.endsWith('.js') && !f.endsWith('.br'));
    const response = await t.app.inject({
      method: 'GET',
      url: `/assets/${script}`,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('says a precompressed file depends on Accept-Encoding, whichever form it sends', async () => {
    const assets = readdirSync(`${WEB_DIST_DIR}/assets`);
    const twin = (ext: string) => assets.find((f) => f.endsWith(ext) && assets.includes(`${f}.br`));
    const urls = [`/assets/${twin('.js')}`, `/assets/${twin('.css')}`, '/sw.js', '/manifest.webmanifest'];
    for (const url of urls) {
      for (const acceptEncoding of ['br', 'gzip', 'identity', undefined]) {
        const response = await t.app.inject({
          method: 'GET',
          url,
          headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
        });
        const label = `${url} (${acceptEncoding ?? 'no Accept-Encoding'})`;
        expect(response.statusCode, label).toBe(200);
        const vary = String(response.headers.vary ?? '')
          .toLowerCase()
          .split(/\s*,\s*/);
        expect(vary, label).toContain('accept-encoding');
        expect(new Set(vary).size, label).toBe(vary.length);
      }
    }
  });

  it('never lets a browser keep an old service worker', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('compresses large dynamic answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/about', headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('applied every migration, including pg_trgm', async () => {
    const { rows } = await t.db.query<{ extname: string }>(
      "SELECT extname FROM pg_extension WHERE extname = 'pg_trgm'",
    );
    expect(rows).toHaveLength(1);
    const tables = await t.db.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    );
    expect(tables.rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining([
        'blog_posts',
        'inquiries',
        'listings',
        'newsletter_subscribers',
        'sessions',
        'staff_users',
      ]),
    );
  });

  it('rejects a listing that breaks the category rules', async () => {
    await expect(
      t.db.query(
        `INSERT INTO listings (category, subcategory, title, description, price, whatsapp_number)
         VALUES ('product', 'apartment', 'x', 'y', 10, '0712345678')`,
      ),
    ).rejects.toThrow(/listings_subcategory_matches_category/);
  });

  it('says so when the database disappears, without crashing', async () => {
    const other = await createTestApp();
    await other.db.close();
    // Liveness stays up (a restart would not bring the database back); readiness says it.
    const response = await other.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: { status: 'down' } });
    const ready = await other.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ failing: ['database'] });
    await other.app.close();
  });
});
