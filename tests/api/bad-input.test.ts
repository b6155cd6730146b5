import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../support/raw-http';
import { multipart, signedInAs, storedFiles, validBusiness, validProduct, validVisa } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

// Every bad input is a 4xx with a clear message, never a 500, and leaves nothing half-written.

const validInquiry = {
  name: 'Amina',
  email: 'amina@example.com',
  subject: 'A question',
  message: 'Hello, is it free?',
};

/** Characters no keyboard types: each must be refused wherever text goes in. */
const BAD_TEXT = [
  ['NUL', 'a\u0000b'],
  ['a control character', 'a\u0001b'],
  ['escape', 'a\u001bb'],
  ['a C1 control', 'a\u0085b'],
  ['a lone surrogate', 'a\ud800b'],
] as const;
/** Query strings cannot carry a lone surrogate (it has no UTF-8 form). */
const BAD_QUERY_TEXT = BAD_TEXT.filter(([name]) => name !== 'a lone surrogate');

/** Listing text fields, with a valid listing of a category that keeps them. */
const LISTING_TEXT_FIELDS: [string, object][] = [
  ['title', validProduct],
  ['description', validProduct],
  ['subcategory', validProduct],
  ['whatsapp_number', validProduct],
  ['location', validBusiness],
  ['business_type', validBusiness],
  ['country', validVisa],
  ['visa_type', validVisa],
  ['processing_time', validVisa],
  ['requirements', validVisa],
];

describe(`bad input (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let cookie: string;
  let existingId: string;
  let port: number;
  let jpeg: Buffer;
  // A new client address per request, so rate limits never answer in place of the checks.
  let clients = 0;
  const remoteAddress = () => `10.77.${(clients >> 8) & 255}.${clients++ & 255}`;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = (await signedInAs(t, 'admin')).cookie;
    jpeg = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#0d9488' } })
      .jpeg()
      .toBuffer();
    const body = multipart(validProduct, [{ filename: 'first.jpg', data: jpeg }]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/listings',
      payload: body.payload,
      headers: { ...body.headers, cookie },
    });
    existingId = created.json().id;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  }, 120_000);
  afterAll(() => t.close());

  const count = async (table: string) =>
    (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n;
  const existing = async () => (await t.db.query('SELECT * FROM listings WHERE id = $1', [existingId])).rows[0];

  const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: remoteAddress() });
  const postJson = (url: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: JSON.stringify(payload),
      headers: { 'content-type': 'application/json' },
      remoteAddress: remoteAddress(),
    });
  const sendListing = (method: 'POST' | 'PUT', body: { payload: Buffer | string; headers: Record<string, string> }) =>
    t.app.inject({
      method,
      url: method === 'POST' ? '/api/admin/listings' : `/api/admin/listings/${existingId}`,
      payload: body.payload,
      headers: { ...body.headers, cookie },
      remoteAddress: remoteAddress(),
    });

  describe('text no keyboard types', () => {
    const queryFields = [
      ['/api/listings?category=product&q=', 'q'],
      ['/api/listings?category=property&location=', 'location'],
      ['/api/listings?category=product&subcategory=', 'subcategory'],
      ['/api/blog/posts?category=', 'category'],
    ] as const;
    it.each(
      queryFields.flatMap(([url, field]) => BAD_QUERY_TEXT.map(([name, value]) => [url, field, name, value] as const)),
    )('GET %s<%s with %s> is a 400 naming the field', async (url, field, _name, value) => {
      const response = await get(url + encodeURIComponent(value));
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toHaveProperty(field);
      expect(response.json().message).toContain('not allowed');
    });

    it.each(
      ['/marketplace?q=', '/real-estate?location=', '/blog?category=', '/about?x='].flatMap((url) =>
        BAD_QUERY_TEXT.slice(0, 2).map(([name, value]) => [url, name, value] as const),
      ),
    )('page %s<%s> is a 400 page or the page, never a 500', async (url, _name, value) => {
      const response = await get(url + encodeURIComponent(value));
      expect([200, 400]).toContain(response.statusCode);
      expect(response.headers['content-type']).toMatch(/text\/html/);
    });

    it.each(
      ['/api/listings/', '/api/blog/posts/', '/marketplace/', '/api/admin/listings/'].map((url) => [url] as const),
    )('a NUL in the path %s… is a 4xx', async (url) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `${url}a%00b`,
        headers: { cookie },
        remoteAddress: remoteAddress(),
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    });

    const forms = [
      ['/api/inquiries', validInquiry, ['name', 'email', 'subject', 'message', 'website'], 'inquiries'],
      ['/api/newsletter', { email: 'reader@example.com' }, ['email', 'website'], 'newsletter_subscribers'],
      ['/api/auth/sign-in', { username: 'someone', password: 'secret-123' }, ['username', 'password'], 'sessions'],
    ] as const;
    it.each(
      forms.flatMap(([url, valid, fields, table]) =>
        fields.flatMap((field) => BAD_TEXT.map(([name, value]) => [url, field, name, value, valid, table] as const)),
      ),
    )('POST %s with %s holding %s is a 400, nothing stored', async (url, field, name, value, valid, table) => {
      const before = await count(table);
      const response = await postJson(url, { ...valid, [field]: value });
      // The honeypot takes any text (a bot gets the usual answer); only a NUL is refused.
      if (field === 'website' && name !== 'NUL') expect(response.statusCode).toBeLessThan(300);
      else expect(response.statusCode).toBe(400);
      expect(await count(table)).toBe(before);
    });

    it('refuses a NUL in a JSON key, and keeps newlines and tabs in a message', async () => {
      const key = await postJson('/api/inquiries', { ...validInquiry, 'na\u0000me': 'x' });
      expect(key.statusCode).toBe(400);
      const lines = await postJson('/api/inquiries', { ...validInquiry, message: 'Line one\n\tLine two\r\nDone.' });
      expect(lines.statusCode).toBe(201);
    });

    it.each(
      LISTING_TEXT_FIELDS.flatMap(([field, valid]) =>
        (['POST', 'PUT'] as const).flatMap((method) =>
          BAD_TEXT.map(([name, value]) => [method, field, name, value, valid] as const),
        ),
      ),
    )('%s listing with %s holding %s is a 400 naming it, nothing stored', async (method, field, _n, value, valid) => {
      const [listings, files, before] = [await count('listings'), storedFiles(t.storage.root).length, await existing()];
      const response = await sendListing(method, multipart({ ...valid, [field]: value }));
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toHaveProperty(field);
      expect(await count('listings')).toBe(listings);
      expect(storedFiles(t.storage.root)).toHaveLength(files);
      expect(await existing()).toEqual(before);
    });

    it('keeps newlines in a description and the requirements', async () => {
      const response = await sendListing('POST', multipart({ ...validVisa, description: 'Two\nlines' }));
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ description: 'Two\nlines', requirements: 'Passport\nBank statements' });
    });
  });

  describe('prices', () => {
    it.each([
      ['price', 0.001, 'Use at most two decimal places'],
      ['price', 0.004, 'Use at most two decimal places'],
      ['price', 12.345, 'Use at most two decimal places'],
      ['price', 1e-7, 'Use at most two decimal places'],
      ['price', 0, 'Valid price is required'],
      ['price', -5, 'Valid price is required'],
      ['price', '12', 'Valid price is required'],
      ['price', 1e13, 'This number is too large'],
      ['monthly_revenue', 0.001, 'Use at most two decimal places'],
    ])('refuses %s %s with a 400: %s', async (field, value, message) => {
      const before = await count('listings');
      const response = await sendListing('POST', multipart({ ...validBusiness, [field]: value }));
      expect(response.statusCode).toBe(400);
      expect(response.json().fields[field]).toBe(message);
      expect(await count('listings')).toBe(before);
    });

    it.each([
      ['price', 0.01],
      ['price', 12.5],
      ['price', 35_000.99],
      ['monthly_revenue', 120_000.5],
    ])('stores %s %s exactly', async (field, value) => {
      const response = await sendListing('POST', multipart({ ...validBusiness, [field]: value }));
      expect(response.statusCode).toBe(201);
      expect(response.json()[field]).toBe(value);
    });
  });

  describe('broken multipart bodies', () => {
    const boundary = '----sdhbroken';
    const type = `multipart/form-data; boundary=${boundary}`;
    const part = (headers: string, body: string | Buffer) =>
      Buffer.concat([Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), Buffer.from(body), Buffer.from('\r\n')]);
    const dataPart = part('Content-Disposition: form-data; name="data"', JSON.stringify(validProduct));
    const imagePart = (data: Buffer, n = 0) =>
      part(`Content-Disposition: form-data; name="images"; filename="p${n}.jpg"\r\nContent-Type: image/jpeg`, data);
    const end = Buffer.from(`--${boundary}--\r\n`);

    const cases: [string, () => { payload: Buffer | string; headers: Record<string, string> }, number, RegExp][] = [
      [
        'a body cut off in the image',
        () => ({
          payload: Buffer.concat([dataPart, imagePart(jpeg)]).subarray(0, dataPart.length + 200),
          headers: { 'content-type': type },
        }),
        400,
        /could not be read/,
      ],
      [
        'a body cut off in the headers',
        () => ({ payload: `--${boundary}\r\nContent-Disposition: form-da`, headers: { 'content-type': type } }),
        400,
        /could not be read/,
      ],
      [
        'no closing boundary',
        () => ({ payload: Buffer.concat([dataPart, imagePart(jpeg)]), headers: { 'content-type': type } }),
        400,
        /could not be read/,
      ],
      [
        'no boundary in the content type',
        () => ({ payload: Buffer.concat([dataPart, end]), headers: { 'content-type': 'multipart/form-data' } }),
        400,
        /could not be read/,
      ],
      [
        'a boundary the body does not use',
        () => ({
          payload: Buffer.concat([dataPart, end]),
          headers: { 'content-type': 'multipart/form-data; boundary=somethingelse' },
        }),
        400,
        /not valid JSON|could not be read/,
      ],
      [
        'garbage',
        () => ({
          payload: Buffer.from('\u0000\u00ff garbage \r\n\r\n--', 'latin1'),
          headers: { 'content-type': type },
        }),
        400,
        /not valid JSON|could not be read/,
      ],
      [
        'a file field without data',
        () => ({
          payload: Buffer.concat([dataPart, imagePart(Buffer.alloc(0)), end]),
          headers: { 'content-type': type },
        }),
        415,
        /Only JPG, PNG, and WebP/,
      ],
      [
        'eleven images',
        () => ({
          payload: Buffer.concat([dataPart, ...Array.from({ length: 11 }, (_, i) => imagePart(jpeg, i)), end]),
          headers: { 'content-type': type },
        }),
        413,
        /at most 10 images/,
      ],
      [
        'too many parts',
        () => ({
          payload: Buffer.concat([
            dataPart,
            ...Array.from({ length: 25 }, (_, i) => part(`Content-Disposition: form-data; name="f${i}"`, 'x')),
            end,
          ]),
          headers: { 'content-type': type },
        }),
        413,
        /too many fields/,
      ],
      [
        'a 70 KB data field',
        () => ({
          payload: Buffer.concat([
            part(
              'Content-Disposition: form-data; name="data"',
              JSON.stringify({ ...validProduct, description: 'x'.repeat(70_000) }),
            ),
            end,
          ]),
          headers: { 'content-type': type },
        }),
        413,
        /too large/,
      ],
    ];

    it.each(
      cases.flatMap(([name, body, status, message]) =>
        (['POST', 'PUT'] as const).map((method) => [method, name, body, status, message] as const),
      ),
    )('%s with %s: %s, nothing stored or changed', async (method, _name, body, status, message) => {
      const [listings, files, before] = [await count('listings'), storedFiles(t.storage.root).length, await existing()];
      const response = await sendListing(method, body());
      expect(response.statusCode).toBe(status);
      expect(response.json().message).toMatch(message);
      expect(await count('listings')).toBe(listings);
      expect(storedFiles(t.storage.root)).toHaveLength(files);
      expect(await existing()).toEqual(before);
    });
  });

  describe('hosts and media paths', () => {
    const BAD_HOSTS = ['', 'a b', 'exa%mple', '[::1', 'a/b', 'a@b', 'example.com:99999', '<script>', 'a,b'];
    it.each(
      BAD_HOSTS.flatMap((host) =>
        [
          '/',
          '/marketplace',
          `/marketplace/00000000-0000-4000-8000-000000000000`,
          '/blog',
          '/api/listings?category=product',
        ].map((url) => [JSON.stringify(host), url, host] as const),
      ),
    )('Host %s on %s is a 400', async (_label, url, host) => {
      const answer = await rawRequest(port, `GET ${url} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatch(/Host header of this request is not valid/);
    });

    it('serves pages to a good Host and to HTTP/1.0 without one', async () => {
      const good = await rawRequest(port, `GET /blog HTTP/1.1\r\nHost: localhost:${port}\r\nConnection: close\r\n\r\n`);
      expect(good.status).toBe(200);
      for (const url of ['/api/health', '/blog', '/marketplace']) {
        expect((await rawRequest(port, `GET ${url} HTTP/1.0\r\n\r\n`)).status).toBe(200);
      }
    });

    it.each([
      ['/media/640/products/photo.jpg/anything', 404],
      ['/media/640/products/photo.jpg/a/b/c', 404],
      ['/media/640/products', 404],
      ['/media/640/products/', 404],
      ['/media/abc/products/photo.jpg', 404],
      ['/media/640/products/photo.jpg%00', 400],
      ['/media/640/cache/w640/products/photo.jpg.webp', 404],
    ])('%s answers %i', async (url, status) => {
      await t.storage.put('products/photo.jpg', jpeg).catch(() => {});
      const response = await get(url);
      expect(response.statusCode).toBe(status);
    });

    it('still serves the display size of the stored image', async () => {
      await t.storage.put('products/photo.jpg', jpeg).catch(() => {});
      const response = await get('/media/640/products/photo.jpg');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
    });
  });
});
