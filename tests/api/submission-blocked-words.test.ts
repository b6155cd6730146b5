// The words admins block in Site settings, refused in a seller's listing before anything is
// stored: through the JSON API and the page's form posted without script; never on staff's own.
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SITE_SETTINGS } from '../../src/server/modules/site-settings/defaults';
import { queuedMailsTo, sameSiteHeaders } from '../support/mail';
import {
  formMultipart,
  type MultipartFile,
  multipart,
  postListingWithPhoto,
  signedInAs,
  validProduct,
} from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';
import { storedKeys } from '../support/upload-stores';

const ORIGIN = 'https://example.test';
const sameSite = sameSiteHeaders(ORIGIN);
const MESSAGE = 'This text contains words we do not accept on this site. Please change it.';
const MESSAGE_SO = 'Qoraalkan waxaa ku jira erayo aanan ku aqbalin boggan. Fadlan beddel.';

describe(`blocked words in sellers' listings (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let admin: string;
  let jpeg: Buffer;
  let ip = 0;
  let remoteAddress = '';
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: ORIGIN });
    await t.app.orphanSweepIdle();
    admin = (await signedInAs(t, 'admin')).cookie;
    jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#b45309' } })
      .jpeg()
      .toBuffer();
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/site-settings',
      payload: { ...DEFAULT_SITE_SETTINGS, blockedWords: 'scam\nwire money  first\nLacag bilaash' },
      headers: { cookie: admin },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }, 60_000);
  afterAll(() => t.close());
  beforeEach(() => {
    remoteAddress = `10.38.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;
  });

  const seller = (email: string, name = 'Hodan Ali') => ({ seller_name: name, seller_email: email, consent: true });
  const post = (data: unknown, files: MultipartFile[] = [], lang = 'en') => {
    const body = multipart(data, files);
    return t.app.inject({
      method: 'POST',
      url: `/api/submissions?lang=${lang}`,
      payload: body.payload,
      headers: { ...body.headers, ...sameSite },
      remoteAddress,
    });
  };
  const rowsOf = async (email: string) =>
    (await t.db.query('SELECT id FROM listing_submissions WHERE lower(seller_email) = lower($1)', [email])).rows;
  const expectNothingStored = async (email: string, keysBefore: string[]) => {
    expect(await rowsOf(email)).toHaveLength(0);
    expect(await queuedMailsTo(t.db, email)).toHaveLength(0);
    expect((await storedKeys(t.storage)).sort()).toEqual([...keysBefore].sort());
  };

  const refused: [string, Record<string, unknown>, string[]][] = [
    ['the title, shouted with punctuation', { title: 'SCAM!!! Cheap phone' }, ['title']],
    [
      'a phrase in the description, spaced and cased otherwise',
      { description: 'Please WIRE   money\n first.' },
      ['description'],
    ],
    ['a Somali phrase joined by a hyphen', { location: 'lacag-bilaash, Nairobi' }, ['location']],
    ['the seller name', { seller_name: 'Scam Seller' }, ['seller_name']],
    ['two fields at once', { title: 'a scam', description: 'scam again' }, ['title', 'description']],
  ];
  for (const [what, change, fields] of refused) {
    it(`refuses a blocked word in ${what} with a 400 under the field, storing nothing`, async () => {
      const email = `blocked-${fields.join('-')}-${ip}@example.com`;
      const before = await storedKeys(t.storage);
      const response = await post({ ...validProduct, ...seller(email), ...change }, [
        { filename: 'phone.jpg', data: jpeg },
      ]);
      expect(response.statusCode, response.body).toBe(400);
      const body = response.json();
      expect(body.message).toBe(MESSAGE);
      expect(Object.keys(body.fields).sort()).toEqual([...fields].sort());
      for (const field of fields) expect(body.fields[field]).toBe(MESSAGE);
      // The word itself is never named.
      expect(response.body.toLowerCase()).not.toMatch(/scam|wire|bilaash/);
      await expectNothingStored(email, before);
    });
  }

  it('says so in Somali for a Somali seller', async () => {
    const response = await post({ ...validProduct, ...seller('so-blocked@example.com'), title: 'scam' }, [], 'so');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.title).toBe(MESSAGE_SO);
  });

  it('takes a listing holding the blocked word only inside other words', async () => {
    const email = 'scamper@example.com';
    const response = await post(
      { ...validProduct, ...seller(email), title: 'Scamper toy', description: 'Wired money box, first class' },
      [{ filename: 'phone.jpg', data: jpeg }],
    );
    expect(response.statusCode, response.body).toBe(202);
    expect(await rowsOf(email)).toHaveLength(1);
    expect(await queuedMailsTo(t.db, email)).toHaveLength(1);
  });

  it('answers the page posted without script with the message under the field and the typed values kept', async () => {
    const email = 'page-blocked@example.com';
    const before = await storedKeys(t.storage);
    const fields = {
      category: 'product',
      subcategory: 'phones',
      title: 'Great SCAM phone',
      description: 'Typed on the page.',
      price: '12000',
      location: '',
      whatsapp_number: '0712 345 678',
      product_condition: 'used',
      seller_name: 'Farah Noor',
      seller_email: email,
      consent: 'on',
      website: '',
    };
    const body = formMultipart(fields, [{ filename: 'phone.jpg', data: jpeg }]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/sell?category=product',
      payload: body.payload,
      headers: { ...body.headers, ...sameSite },
      remoteAddress,
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain(MESSAGE);
    expect(response.body).toContain('value="Great SCAM phone"');
    expect(response.body).toContain('Typed on the page.');
    expect(response.body).toContain(`value="${email}"`);
    await expectNothingStored(email, before);
  });

  it('leaves staff free to write anything in their own listings', async () => {
    const editor = (await signedInAs(t, 'editor')).cookie;
    const response = await postListingWithPhoto(t, editor, 'Beware of scam sellers');
    expect(response.statusCode, response.body).toBe(201);
  });

  it('refuses a newly blocked word at once and takes it again once unblocked', async () => {
    const save = (blockedWords: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/site-settings',
        payload: { ...DEFAULT_SITE_SETTINGS, blockedWords },
        headers: { cookie: admin },
      });
    expect((await save('scam\nzorblax')).statusCode).toBe(200);
    const refusedNow = await post({ ...validProduct, ...seller('later@example.com'), title: 'Zorblax deal' });
    expect(refusedNow.statusCode).toBe(400);
    expect((await save('scam')).statusCode).toBe(200);
    const takenNow = await post({ ...validProduct, ...seller('later@example.com'), title: 'Zorblax deal' });
    expect(takenNow.statusCode, takenNow.body).toBe(202);
  });
});
