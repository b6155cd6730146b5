import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing } from '../support/listings';
import { multipart, signedInAs, validProduct } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

/** The spellings of one path that a router might decode or fold into it. */
function spellings(path: string): string[] {
  const [, first = '', ...rest] = path.split('/');
  const tail = rest.join('/');
  const second = rest[0] ?? '';
  const afterSecond = rest.slice(1).join('/');
  return [
    `/%61${first.slice(1)}/${tail}`, // /%61pi/...
    `/%41${first.slice(1)}/${tail}`,
    `/${first}/%${second.charCodeAt(0).toString(16)}${second.slice(1)}/${afterSecond}`, // /api/%61uth/...
    `/${first}%2F${tail.replaceAll('/', '%2F')}`,
    `/${first}%2f${tail}`,
    `/%2561${first.slice(1)}/${tail}`, // double-encoded
    `/%25%36%31${first.slice(1)}/${tail}`,
    `/${first.toUpperCase()}/${tail}`,
    `/${first[0]?.toUpperCase()}${first.slice(1)}/${tail}`,
    `/${first}/${second.toUpperCase()}/${afterSecond}`,
    `${path}/`,
    `/%61${first.slice(1)}/${tail}/`,
    `/${path}`,
    `//${first}//${tail}`,
    `/${first}//${tail}`,
    `/./${first}/${tail}`,
    `/x/../${first}/${tail}`,
    `/${first}/./${tail}`,
    `${path};x=1`,
    `/${first}%00/${tail}`,
    `${path}%20`,
    `/ ${first}/${tail}`.replace(' ', '%20'),
  ];
}

describe(`cross-site staff requests (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let cookie: string;
  let listingId: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = (await signedInAs(t, 'admin')).cookie;
    listingId = await insertListing(t.db, { category: 'product', is_active: false });
  }, 60_000);
  afterAll(() => t.close());

  const targets = () => [
    { method: 'POST' as const, path: '/api/auth/renew' },
    { method: 'PUT' as const, path: '/api/admin/settings', payload: { theme: 'dark', notifications: false } },
    { method: 'PATCH' as const, path: `/api/admin/listings/${listingId}/status`, payload: { is_active: true } },
    { method: 'POST' as const, path: '/api/admin/listings', form: multipart({ ...validProduct, title: 'Planted' }) },
  ];

  it.each([
    ['a hostile Origin', { origin: 'https://evil.example' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (another subdomain)', { 'sec-fetch-site': 'same-site' }],
  ])('refuses every spelling of a staff route with %s', async (_label, hostile) => {
    const served: string[] = [];
    for (const target of targets()) {
      for (const url of [target.path, ...spellings(target.path)]) {
        const response = await t.app.inject({
          method: target.method,
          url,
          headers: { cookie, ...hostile, ...(target.form?.headers ?? {}) },
          ...(target.form ? { payload: target.form.payload } : target.payload ? { payload: target.payload } : {}),
        });
        // Refused: malformed (400), forbidden (403) or no such route (404).
        if (![400, 403, 404].includes(response.statusCode))
          served.push(`${target.method} ${url} → ${response.statusCode}`);
      }
    }
    expect(served).toEqual([]);
    // Nothing changed on the way.
    const settings = await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: { cookie } });
    expect(settings.json()).toMatchObject({ theme: 'light', notifications: true });
    const { rows } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM listings WHERE is_active OR title = 'Planted'",
    );
    expect(rows[0]?.n).toBe(0);
  });

  it.each([
    ['application/x-www-form-urlencoded', 'theme=dark&notifications=false'],
    ['text/plain', '{"theme":"dark","notifications":false}'],
    ['text/plain; charset=utf-8', 'x'],
  ])('never accepts a plain-form body (%s) on a staff route', async (type, body) => {
    for (const target of targets()) {
      const response = await t.app.inject({
        method: target.method,
        url: target.path,
        headers: { cookie, 'content-type': type },
        payload: body,
      });
      expect(response.statusCode, `${target.method} ${target.path}`).toBe(415);
      expect(response.json().message).toBe(
        'Staff requests are sent as JSON or as a file upload, never as a plain form.',
      );
    }
  });

  it('still serves the same staff request from this site', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { cookie, origin: 'http://localhost:80', host: 'localhost:80', 'sec-fetch-site': 'same-origin' },
      payload: { theme: 'light', notifications: true },
    });
    expect(response.statusCode).toBe(200);
  });
});
