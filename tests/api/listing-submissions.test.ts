// Sellers post their own listings: the multipart post (the staff form's rules, photos checked
// and stored as staff uploads are), the seller's confirmation link (48 hours, a button that
// posts, guessed and expired tokens), the sweep of unconfirmed ones with their photos, and the
// abuse checks (honeypot, cross-site posts, per-address and per-e-mail limits, the cap of open
// submissions, an address staff marked as spam). Nothing unapproved is ever public.
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sweepOrphanFiles } from '../../src/server/modules/uploads/orphan-sweep';
import { MAX_IMAGE_BYTES } from '../../src/shared/listing-form-schema';
import { linkInMail, postUrlencoded, queuedMailsTo, sameSiteHeaders } from '../support/mail';
import { formMultipart, type MultipartFile, multipart, validProduct, validProperty } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';
import { storedKeys } from '../support/upload-stores';

const ORIGIN = 'https://example.test';
const sameSite = sameSiteHeaders(ORIGIN);

const seller = (email: string) => ({
  seller_name: 'Hodan Ali',
  seller_email: email,
  consent: true,
});

interface SubmissionRow {
  id: string;
  status: string;
  listing: Record<string, unknown>;
  image_urls: string[];
  image_hashes: string[];
  seller_name: string;
  seller_email: string;
  language: string;
}

describe(`sellers post listings (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let jpeg: Buffer;
  let png: Buffer;
  let ip = 0;
  let remoteAddress = '';
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: ORIGIN });
    await t.app.orphanSweepIdle();
    jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#b45309' } })
      .jpeg()
      .toBuffer();
    png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
  }, 60_000);
  afterAll(() => t.close());
  beforeEach(() => {
    remoteAddress = `10.37.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;
  });

  const post = (data: unknown, files: MultipartFile[] = [], options: { lang?: string; raw?: string } = {}) => {
    const body = multipart(data, files, options.raw);
    return t.app.inject({
      method: 'POST',
      url: `/api/submissions?lang=${options.lang ?? 'en'}`,
      payload: body.payload,
      headers: { ...body.headers, ...sameSite },
      remoteAddress,
    });
  };
  const submissionsOf = async (email: string) =>
    (
      await t.db.query<SubmissionRow>(
        `SELECT id, status, listing, image_urls, image_hashes, seller_name, seller_email, language
         FROM listing_submissions WHERE lower(seller_email) = lower($1) ORDER BY created_at`,
        [email],
      )
    ).rows;
  const confirmLinkFor = async (email: string) =>
    linkInMail((await queuedMailsTo(t.db, email))[0], ORIGIN, '/sell/confirm');
  const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress });
  const postForm = (url: string, headers: Record<string, string> = sameSite) =>
    postUrlencoded(t.app, url, {}, headers, remoteAddress);
  const age = (id: string, hours: number) =>
    t.db.query(`UPDATE listing_submissions SET created_at = now() - make_interval(hours => $2::int) WHERE id = $1`, [
      id,
      hours,
    ]);
  const keyOf = (url: string) => t.storage.keyFromUrl(url) as string;

  it('stores a posted listing unconfirmed with its photos, and e-mails the seller a link', async () => {
    const response = await post({ ...validProduct, title: 'Seller phone', ...seller('Hodan@Example.com') }, [
      { filename: 'front.jpg', data: jpeg },
      { filename: 'back.png', data: png, contentType: 'image/png' },
    ]);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({
      status: 'received',
      message:
        'Thank you! Check your inbox: open the link in our e-mail to send your listing to our team. It goes live once they approve it.',
    });
    const [row, ...others] = await submissionsOf('hodan@example.com');
    expect(others).toHaveLength(0);
    expect(row).toMatchObject({
      status: 'unconfirmed',
      seller_name: 'Hodan Ali',
      seller_email: 'Hodan@Example.com',
      language: 'en',
      listing: { category: 'product', title: 'Seller phone', whatsapp_number: '0712 345 678', price: 35000 },
    });
    // Stored as staff uploads are: re-encoded, under random names in the category's folder.
    expect(row?.image_urls).toHaveLength(2);
    for (const url of row?.image_urls ?? []) {
      expect(url).toMatch(/^\/uploads\/products\/[0-9a-f-]{36}\.(jpg|png)$/);
      expect(await t.storage.exists(keyOf(url))).toBe(true);
    }
    expect(row?.image_hashes).toHaveLength(2);
    const [mail, ...more] = await queuedMailsTo(t.db, 'hodan@example.com');
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe('Confirm your listing: Seller phone');
    expect(mail?.text_body).toContain('This link works for 48 hours.');
    expect(mail?.unsubscribe_url).toBeNull();
  });

  it('shows nothing unapproved in any public read: the listings API, search, sitemap, the page', async () => {
    await post({ ...validProduct, title: 'Zanzibarqwerty radio', ...seller('hidden@example.com') });
    const [row] = await submissionsOf('hidden@example.com');
    expect(row).toBeDefined();
    await t.app.inject({ method: 'POST', url: await confirmLinkFor('hidden@example.com'), headers: sameSite });
    const search = await t.app.inject({ method: 'GET', url: '/api/listings?category=product&q=zanzibarqwerty' });
    expect(search.statusCode).toBe(200);
    expect(search.json().total).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body).not.toContain(row?.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/listings/${row?.id}` })).statusCode).toBe(404);
    const page = await t.app.inject({ method: 'GET', url: '/marketplace?q=zanzibarqwerty' });
    expect(page.body).not.toContain('Zanzibarqwerty radio');
  });

  it('writes the confirmation and its page in Somali for a seller reading in Somali', async () => {
    await post({ ...validProduct, title: 'Taleefan', ...seller('somali-seller@example.com') }, [], { lang: 'so' });
    const [row] = await submissionsOf('somali-seller@example.com');
    expect(row?.language).toBe('so');
    const [mail] = await queuedMailsTo(t.db, 'somali-seller@example.com');
    expect(mail?.subject).toBe('Xaqiiji xayeysiiskaaga: Taleefan');
    const link = await confirmLinkFor('somali-seller@example.com');
    expect(link).toMatch(/&lang=so$/);
    const page = await get(link);
    expect(page.body).toContain('<html lang="so">');
    expect(page.body).toContain('<button type="submit">Xaqiiji xayeysiiskayga</button>');
  });

  it('confirms through a page with a button: opening the link changes nothing, the post moves it to the queue', async () => {
    await post({ ...validProperty, listing_type: 'sale', ...seller('confirm@example.com') });
    const link = await confirmLinkFor('confirm@example.com');
    const opened = await get(link);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['cache-control']).toBe('no-store');
    expect(opened.body).toContain('Send your listing &quot;Two-bedroom flat in Kilimani&quot; to our team for review?');
    expect(opened.body).toContain(`<form method="post" action="${link.replaceAll('&', '&amp;')}">`);
    expect((await submissionsOf('confirm@example.com'))[0]?.status).toBe('unconfirmed');

    // A form on another site cannot confirm through the seller.
    const crossSite = await postForm(link, { origin: 'https://evil.test', 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    expect((await submissionsOf('confirm@example.com'))[0]?.status).toBe('unconfirmed');

    const confirmed = await postForm(link);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('Thank you: your listing is confirmed.');
    expect((await submissionsOf('confirm@example.com'))[0]?.status).toBe('waiting');
    // Again: the same page, nothing more.
    const again = await postForm(link);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('Thank you: your listing is confirmed.');
  });

  it('answers a guessed, mangled or missing token with the 404 page, GET and POST alike', async () => {
    await post({ ...validProduct, ...seller('guess@example.com') });
    const link = await confirmLinkFor('guess@example.com');
    const token = new URL(link, ORIGIN).searchParams.get('token') as string;
    const guessed = `/sell/confirm?token=${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const url of [guessed, '/sell/confirm', '/sell/confirm?token=', `/sell/confirm?token=${'x'.repeat(300)}`]) {
      const opened = await get(url);
      expect(opened.statusCode, url).toBe(404);
      expect(opened.body).toContain('This link does not work');
      expect((await postForm(url)).statusCode, url).toBe(404);
    }
    expect((await submissionsOf('guess@example.com'))[0]?.status).toBe('unconfirmed');
  });

  it('refuses a link over 48 hours old with the 410 page', async () => {
    await post({ ...validProduct, ...seller('late@example.com') });
    const [row] = await submissionsOf('late@example.com');
    await age(row?.id as string, 49);
    const link = await confirmLinkFor('late@example.com');
    const opened = await get(link);
    expect(opened.statusCode).toBe(410);
    expect(opened.body).toContain('This link has expired');
    expect((await postForm(link)).statusCode).toBe(410);
    expect((await submissionsOf('late@example.com'))[0]?.status).toBe('unconfirmed');
  });

  it('removes unconfirmed submissions after 48 hours with their photos, and keeps confirmed and young ones', async () => {
    await post({ ...validProduct, ...seller('sweep-old@example.com') }, [{ filename: 'a.jpg', data: jpeg }]);
    await post({ ...validProduct, ...seller('sweep-young@example.com') }, [{ filename: 'b.jpg', data: jpeg }]);
    await post({ ...validProduct, ...seller('sweep-confirmed@example.com') }, [{ filename: 'c.jpg', data: jpeg }]);
    await t.app.inject({ method: 'POST', url: await confirmLinkFor('sweep-confirmed@example.com'), headers: sameSite });
    const [old] = await submissionsOf('sweep-old@example.com');
    const [young] = await submissionsOf('sweep-young@example.com');
    const [confirmed] = await submissionsOf('sweep-confirmed@example.com');
    await age(old?.id as string, 48);
    await age(young?.id as string, 47);
    await age(confirmed?.id as string, 72);

    expect(await t.app.removeUnconfirmedSubmissions()).toBeGreaterThanOrEqual(1);
    expect(await submissionsOf('sweep-old@example.com')).toHaveLength(0);
    expect(await t.storage.exists(keyOf(old?.image_urls[0] as string))).toBe(false);
    expect(await submissionsOf('sweep-young@example.com')).toHaveLength(1);
    expect(await t.storage.exists(keyOf(young?.image_urls[0] as string))).toBe(true);
    expect(await submissionsOf('sweep-confirmed@example.com')).toHaveLength(1);
    expect(await t.storage.exists(keyOf(confirmed?.image_urls[0] as string))).toBe(true);
    // The link of a removed submission is a 404.
    expect((await get(await confirmLinkFor('sweep-old@example.com'))).statusCode).toBe(404);
  });

  it("keeps a submission's photos through the sweep of orphaned files", async () => {
    await post({ ...validProduct, ...seller('orphans@example.com') }, [{ filename: 'a.jpg', data: jpeg }]);
    const [row] = await submissionsOf('orphans@example.com');
    await sweepOrphanFiles(t.db, t.storage, { minAgeMs: 0 });
    expect(await t.storage.exists(keyOf(row?.image_urls[0] as string))).toBe(true);
  });

  it('checks the listing with the staff form rules and the seller fields, every problem at once', async () => {
    const response = await post({ category: 'product', title: '', price: -1, consent: false, seller_email: 'nope' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({
      title: 'Title is required',
      whatsapp_number: expect.any(String),
      seller_name: 'Your name is required',
      seller_email: 'Please enter a valid e-mail address',
      consent: 'Please agree to the terms to post a listing',
    });
    const visa = await post({ ...validProduct, category: 'visa', ...seller('rules@example.com') });
    expect(visa.statusCode).toBe(400);
    expect(visa.json().fields).toHaveProperty('country');
    expect(await submissionsOf('rules@example.com')).toHaveLength(0);
  });

  it("drops what only staff set: a seller cannot point at another listing's photos or publish itself", async () => {
    const [someone] = (await t.db.query<{ url: string }>(`SELECT '/uploads/products/someone-else.jpg' AS url`)).rows;
    const response = await post({
      ...validProduct,
      ...seller('staff-fields@example.com'),
      is_active: true,
      image_urls: [someone?.url],
    });
    expect(response.statusCode).toBe(202);
    const [row] = await submissionsOf('staff-fields@example.com');
    expect(row?.image_urls).toEqual([]);
    expect(row?.listing).not.toHaveProperty('is_active');
    expect(row?.listing).not.toHaveProperty('image_urls');
  });

  describe('refused photos leave nothing behind', () => {
    const nothingStored = async (email: string, before: string[]) => {
      expect(await submissionsOf(email)).toHaveLength(0);
      expect(await queuedMailsTo(t.db, email)).toHaveLength(0);
      expect((await storedKeys(t.storage)).sort()).toEqual(before.sort());
    };

    it('a text file named .jpg and sent as image/jpeg (415)', async () => {
      const before = await storedKeys(t.storage);
      const response = await post({ ...validProduct, ...seller('fake@example.com') }, [
        { filename: 'good.jpg', data: jpeg },
        { filename: 'notes.jpg', data: Buffer.from('just some text, not a photo at all'), contentType: 'image/jpeg' },
      ]);
      expect(response.statusCode).toBe(415);
      expect(response.json().fields.images).toBe('notes.jpg: Only JPG, PNG, and WebP images are allowed');
      await nothingStored('fake@example.com', before);
    });

    it('a cut-off JPEG (422)', async () => {
      const before = await storedKeys(t.storage);
      const response = await post({ ...validProduct, ...seller('broken@example.com') }, [
        { filename: 'broken.jpg', data: jpeg.subarray(0, 40) },
      ]);
      expect(response.statusCode).toBe(422);
      await nothingStored('broken@example.com', before);
    });

    it('a photo over 10 MB (413)', async () => {
      const before = await storedKeys(t.storage);
      const huge = Buffer.concat([jpeg, Buffer.alloc(MAX_IMAGE_BYTES + 1)]);
      const response = await post({ ...validProduct, ...seller('huge@example.com') }, [
        { filename: 'huge.jpg', data: huge },
      ]);
      expect(response.statusCode).toBe(413);
      await nothingStored('huge@example.com', before);
    });

    it('an eleventh photo (413)', async () => {
      const before = await storedKeys(t.storage);
      const files = Array.from({ length: 11 }, (_, i) => ({ filename: `p${i}.jpg`, data: jpeg }));
      const response = await post({ ...validProduct, ...seller('eleven@example.com') }, files);
      expect(response.statusCode).toBe(413);
      await nothingStored('eleven@example.com', before);
    });

    it('malformed bodies: not multipart (415), broken JSON (400), a cut-off form (400)', async () => {
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/submissions',
        payload: { ...validProduct, ...seller('json@example.com') },
        headers: sameSite,
        remoteAddress,
      });
      expect(json.statusCode).toBe(415);
      const badJson = await post(null, [], { raw: '{"title": ' });
      expect(badJson.statusCode).toBe(400);
      const body = multipart({ ...validProduct, ...seller('cut@example.com') }, [{ filename: 'a.jpg', data: jpeg }]);
      const cut = await t.app.inject({
        method: 'POST',
        url: '/api/submissions',
        payload: body.payload.subarray(0, body.payload.length - 60),
        headers: { ...body.headers, ...sameSite },
        remoteAddress,
      });
      expect(cut.statusCode).toBe(400);
      expect(await submissionsOf('cut@example.com')).toHaveLength(0);
    });
  });

  it('refuses a post from another site before reading it (403)', async () => {
    const body = multipart({ ...validProduct, ...seller('cross@example.com') });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/submissions',
      payload: body.payload,
      headers: { ...body.headers, origin: 'https://evil.test', 'sec-fetch-site': 'cross-site' },
      remoteAddress,
    });
    expect(response.statusCode).toBe(403);
    expect(await submissionsOf('cross@example.com')).toHaveLength(0);
  });

  it('thanks a bot that filled the hidden field and stores nothing', async () => {
    const before = await storedKeys(t.storage);
    const response = await post({ ...validProduct, ...seller('bot@example.com'), website: 'http://spam.test' }, [
      { filename: 'a.jpg', data: jpeg },
    ]);
    expect(response.statusCode).toBe(202);
    expect(await submissionsOf('bot@example.com')).toHaveLength(0);
    expect(await queuedMailsTo(t.db, 'bot@example.com')).toHaveLength(0);
    expect(await storedKeys(t.storage)).toHaveLength(before.length);
  });

  it('caps open submissions per e-mail address, then limits its posts per hour', async () => {
    const email = 'busy@example.com';
    for (let i = 0; i < 3; i++) {
      remoteAddress = `10.38.0.${i + 1}`;
      expect((await post({ ...validProduct, ...seller(email) })).statusCode).toBe(202);
    }
    remoteAddress = '10.38.0.10';
    const capped = await post({ ...validProduct, ...seller('BUSY@example.com') });
    expect(capped.statusCode).toBe(429);
    expect(capped.json().message).toBe(
      'You already have 3 listings waiting for confirmation or review. Please wait until our team has checked them.',
    );
    expect((await post({ ...validProduct, ...seller(email) })).statusCode).toBe(429);
    // The sixth post of the hour from this address is over the per-e-mail limit.
    const limited = await post({ ...validProduct, ...seller(email) });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await submissionsOf(email)).toHaveLength(3);
  });

  it('limits posts per internet address', async () => {
    remoteAddress = '10.39.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await post({ ...validProduct, ...seller(`address-${i}@example.com`) })).statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(202));
    expect(statuses[10]).toBe(429);
    expect(await submissionsOf('address-10@example.com')).toHaveLength(0);
  });

  it('thanks an address staff marked as spam and stores nothing', async () => {
    await post({ ...validProduct, ...seller('spammer@example.com') });
    await t.db.query(`UPDATE listing_submissions SET status = 'spam' WHERE seller_email = 'spammer@example.com'`);
    const response = await post({ ...validProduct, title: 'Again', ...seller('Spammer@example.com') }, [
      { filename: 'a.jpg', data: jpeg },
    ]);
    expect(response.statusCode).toBe(202);
    expect(await submissionsOf('spammer@example.com')).toHaveLength(1);
    expect(await queuedMailsTo(t.db, 'spammer@example.com')).toHaveLength(1);
  });

  describe('the "Post a listing" page posted without script (POST /sell)', () => {
    const typed = {
      category: 'product',
      subcategory: 'phones',
      title: 'Typed without script',
      description: 'A phone, posted from the page.',
      price: '12000',
      location: '',
      whatsapp_number: '0712 345 678',
      product_condition: 'used',
      seller_name: 'Farah Noor',
      website: '',
    };
    const postPage = (fields: Record<string, string>, files: MultipartFile[] = [], headers = sameSite) => {
      const body = formMultipart(fields, files);
      return t.app.inject({
        method: 'POST',
        url: '/sell?category=product',
        payload: body.payload,
        headers: { ...body.headers, ...headers },
        remoteAddress,
      });
    };

    it('stores an unconfirmed submission with its photo, queues the mail, and redirects to the page that says so', async () => {
      const response = await postPage({ ...typed, seller_email: 'farah@example.com', consent: 'on' }, [
        { filename: 'phone.jpg', data: jpeg },
      ]);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/sell?category=product');
      const [row, ...others] = await submissionsOf('farah@example.com');
      expect(others).toHaveLength(0);
      expect(row).toMatchObject({
        status: 'unconfirmed',
        seller_name: 'Farah Noor',
        listing: { category: 'product', title: 'Typed without script', price: 12000, location: null },
      });
      expect(row?.image_urls).toHaveLength(1);
      const [mail] = await queuedMailsTo(t.db, 'farah@example.com');
      expect(mail?.subject).toBe('Confirm your listing: Typed without script');
      // The page the redirect leads to says so once (the flash cookie).
      const cookie = [response.headers['set-cookie']].flat().join('; ');
      const page = await t.app.inject({
        method: 'GET',
        url: '/sell?category=product',
        headers: { cookie },
        remoteAddress,
      });
      expect(page.body).toContain('Check your inbox');
    });

    it('answers a form with problems with the page, each message beside its field and the typed values kept (400)', async () => {
      const response = await postPage({ ...typed, title: 'Kept title', price: '', seller_email: 'not-an-address' });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('value="Kept title"');
      expect(response.body).toContain('Valid price is required');
      expect(response.body).toContain('Please enter a valid e-mail address');
      expect(response.body).toContain('Please agree to the terms to post a listing');
      expect(await submissionsOf('not-an-address')).toHaveLength(0);
    });

    it('names a refused photo beside the photos and stores nothing (400)', async () => {
      const response = await postPage({ ...typed, seller_email: 'photo@example.com', consent: 'on' }, [
        { filename: 'notes.jpg', data: Buffer.from('not an image at all') },
      ]);
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('notes.jpg');
      expect(await submissionsOf('photo@example.com')).toHaveLength(0);
    });

    it('refuses a post from another site (403) and stores nothing', async () => {
      const response = await postPage({ ...typed, seller_email: 'cross@example.com', consent: 'on' }, [], {
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
        accept: 'text/html',
      });
      expect(response.statusCode).toBe(403);
      expect(await submissionsOf('cross@example.com')).toHaveLength(0);
    });
  });
});
