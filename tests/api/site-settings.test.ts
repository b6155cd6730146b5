import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SITE_SETTINGS } from '../../src/server/modules/site-settings/defaults';
import { createSiteSettingsService } from '../../src/server/modules/site-settings/service';
import type { AdminSiteSettings, SiteSettings } from '../../src/shared/site-settings';
import { signedInAs } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

const root = (html: string) =>
  /<div id="root">([\s\S]*?)<\/div>\s*(?:<script id="server-state"|<\/body>)/.exec(html)?.[1] ?? '';

/** The settings without the private ones: what visitors may read. */
const visitorPart = ({ blockedWords: _private, ...open }: AdminSiteSettings): SiteSettings => open;

const changed: SiteSettings = {
  whatsappNumber: '0799 111 222',
  phone: '+254 799 111 222',
  email: 'office@example.co.ke',
  address: 'Eastleigh, 1st Avenue, Nairobi',
  openingHours: { en: 'Mon–Sat 8:00–18:00', so: 'Isniin–Sabti 8:00–18:00' },
  social: {
    facebook: 'https://facebook.com/sdhub',
    instagram: '',
    tiktok: '',
    x: 'https://x.com/sdhub',
    youtube: '',
    linkedin: '',
  },
  figures: { happyClients: '20K+', countries: '70+', support: '24/7', successRate: '98%', years: '5+' },
  whatsappGreeting: { en: 'Hi! Tell me more, please.', so: 'Salaan! Wax badan ii sheeg.' },
  inquiryRetentionMonths: 12,
  newsletterDigest: { day: 'friday', hour: 18 },
};

describe(`site settings (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://example.test' });
    admin = (await signedInAs(t, 'admin')).cookie;
  }, 120_000);
  afterAll(() => t.close());

  const save = (settings: unknown, cookie = admin) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/site-settings', payload: settings as object, headers: { cookie } });
  const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('starts from the launch details on a fresh database', async () => {
    const response = await page('/api/site-settings');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(visitorPart(DEFAULT_SITE_SETTINGS));
    expect(response.json()).toMatchObject({ whatsappNumber: '254712345678', email: 'info@somalidiaspora.co.ke' });
    const staff = await t.app.inject({ method: 'GET', url: '/api/admin/site-settings', headers: { cookie: admin } });
    expect(staff.json()).toEqual({ settings: DEFAULT_SITE_SETTINGS, updatedAt: null });
  });

  it('saves valid settings, normalising the WhatsApp number, and serves them at once', async () => {
    const response = await save(changed);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().settings.whatsappNumber).toBe('254799111222');
    expect(response.json().updatedAt).toEqual(expect.any(String));
    const served = (await page('/api/site-settings')).json();
    expect(served).toEqual({ ...changed, whatsappNumber: '254799111222' });
  });

  it('puts them into the server-rendered pages: footer, contact page, home hero and about figures', async () => {
    await save(changed);
    const contact = root((await page('/contact')).body);
    expect(contact).toContain('href="tel:+254799111222"');
    expect(contact).toContain('+254 799 111 222');
    expect(contact).toContain('href="mailto:office@example.co.ke"');
    expect(contact).toContain('Eastleigh, 1st Avenue, Nairobi');
    expect(contact).toContain('Mon–Sat 8:00–18:00');
    expect(contact).toContain(`https://wa.me/254799111222?text=${encodeURIComponent('Hi! Tell me more, please.')}`);
    expect(contact).toContain('href="https://facebook.com/sdhub"');
    expect(contact).not.toContain('254712345678');
    expect(contact).not.toContain('info@somalidiaspora.co.ke');

    const home = root((await page('/')).body);
    for (const figure of ['20K+', '70+']) expect(home).toContain(`>${figure}</dd>`);
    expect(home).toContain('Call +254 799 111 222');
    expect(home).toContain('A 98% success rate');
    const about = root((await page('/about')).body);
    for (const text of ['>98%</dd>', '>5+</dd>', '5+ Years of Experience', '70+ Countries'])
      expect(about).toContain(text);

    const somali = root((await page('/contact', { cookie: 'lang=so' })).body);
    expect(somali).toContain('Isniin–Sabti 8:00–18:00');
    expect(somali).toContain(`?text=${encodeURIComponent('Salaan! Wax badan ii sheeg.')}`);
  });

  it('shows a change made on another instance within a second, without any message between them', async () => {
    const other = createSiteSettingsService(t.db, { cacheMs: 1000 });
    await save({ ...changed, email: 'first@example.co.ke' });
    expect((await other.get()).settings.email).toBe('first@example.co.ke');
    await save({ ...changed, email: 'second@example.co.ke' });
    // This instance answers from its copy for up to a second, then reads the database again.
    const deadline = Date.now() + 3000;
    while ((await other.get()).settings.email !== 'second@example.co.ke' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await other.get()).settings.email).toBe('second@example.co.ke');
  });

  it.each([
    [
      'a WhatsApp number with letters',
      { whatsappNumber: '07 CALL ME' },
      'whatsappNumber',
      'Enter a valid phone number',
    ],
    ['a WhatsApp number too short', { whatsappNumber: '12345' }, 'whatsappNumber', 'Enter a valid phone number'],
    [
      'a WhatsApp number of 16 digits (E.164 has 15 at most)',
      { whatsappNumber: '+1 234 567 890 123 456' },
      'whatsappNumber',
      'A phone number has at most 15 digits, country code included',
    ],
    [
      'a phone number of 16 digits',
      { phone: '+44 1234 5678 9012 34' },
      'phone',
      'A phone number has at most 15 digits, country code included',
    ],
    ['no phone', { phone: '' }, 'phone', 'Phone number is required'],
    ['a bad e-mail', { email: 'office@' }, 'email', 'Enter a valid e-mail address'],
    ['no address', { address: '   ' }, 'address', 'Address is required'],
    [
      'an http link',
      { social: { ...changed.social, facebook: 'http://facebook.com/x' } },
      'social.facebook',
      'Enter an https:// address, or leave empty',
    ],
    [
      'a javascript: link',
      { social: { ...changed.social, x: 'javascript:alert(1)' } },
      'social.x',
      'Enter an https:// address, or leave empty',
    ],
    [
      'a link with a password',
      { social: { ...changed.social, youtube: 'https://a:b@youtube.com' } },
      'social.youtube',
      'Enter an https:// address, or leave empty',
    ],
    [
      'an empty figure',
      { figures: { ...changed.figures, countries: '' } },
      'figures.countries',
      'Every figure is shown: give a value',
    ],
    [
      'a figure too long',
      { figures: { ...changed.figures, years: 'x'.repeat(17) } },
      'figures.years',
      'This text is too long',
    ],
    [
      'no Somali greeting',
      { whatsappGreeting: { en: 'Hi', so: '' } },
      'whatsappGreeting.so',
      'The greeting is required',
    ],
    [
      'a digest day that is not a weekday',
      { newsletterDigest: { day: 'someday', hour: 8 } },
      'newsletterDigest.day',
      'Choose a day of the week, or off',
    ],
    [
      'a digest hour past 23',
      { newsletterDigest: { day: 'monday', hour: 24 } },
      'newsletterDigest.hour',
      'Choose an hour from 0 to 23',
    ],
    [
      'a digest hour with minutes',
      { newsletterDigest: { day: 'monday', hour: 7.5 } },
      'newsletterDigest.hour',
      'Choose an hour from 0 to 23',
    ],
    [
      'a digest hour as text',
      { newsletterDigest: { day: 'monday', hour: '8' } },
      'newsletterDigest.hour',
      'Choose an hour from 0 to 23',
    ],
    ['a line break in the address', { address: 'Nairobi\nKenya' }, 'address', undefined],
    ['an unknown setting', { theme: 'dark' }, 'request', undefined],
  ])('refuses %s with a 400 naming the field, keeping what was saved', async (_name, change, field, message) => {
    await save(changed);
    const response = await save({ ...changed, ...change });
    expect(response.statusCode, response.body).toBe(400);
    const fields = response.json().fields as Record<string, string>;
    if (message) expect(fields[field]).toBe(message);
    else expect(Object.keys(fields).length).toBeGreaterThan(0);
    expect((await page('/api/site-settings')).json().email).toBe(changed.email);
  });

  it('keeps the blocked words for admins, one per line, and never shows them in a public answer', async () => {
    const response = await save({ ...changed, blockedWords: '  Zorblaxx \r\n\n zorblaxx\ncheap   quuxpills\n\n' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().settings.blockedWords).toEqual(['Zorblaxx', 'cheap   quuxpills']);
    const staff = await t.app.inject({ method: 'GET', url: '/api/admin/site-settings', headers: { cookie: admin } });
    expect(staff.json().settings.blockedWords).toEqual(['Zorblaxx', 'cheap   quuxpills']);
    expect(await t.app.siteSettings.holdsBlockedWord().then((holds) => holds('a ZORBLAXX!'))).toBe(true);

    const publicAnswers = [
      '/api/site-settings',
      '/',
      '/?lang=so',
      '/contact',
      '/about',
      '/sell',
      '/listings',
      '/privacy',
      '/sitemap.xml',
      '/robots.txt',
      '/no-such-page',
    ];
    for (const url of publicAnswers) {
      const body = (await page(url)).body.toLowerCase();
      expect(body, url).not.toContain('zorblaxx');
      expect(body, url).not.toContain('quuxpills');
    }
    // The visitor's copy of the settings is complete all the same.
    expect((await page('/api/site-settings')).json()).toEqual({ ...changed, whatsappNumber: '254799111222' });
    expect(Object.keys((await t.app.siteSettings.get()).settings)).not.toContain('blockedWords');
    await save({ ...changed, blockedWords: [] });
  });

  it('refuses too many blocked words, or one too long, under the field', async () => {
    const many = Array.from({ length: 501 }, (_, i) => `word${i}`).join('\n');
    const tooMany = await save({ ...changed, blockedWords: many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fields.blockedWords).toBe('At most 500 blocked words or phrases');
    // 500 distinct, with the same words again in other cases: folded, so accepted.
    const fiveHundred = many.split('\n').slice(0, 500).join('\n');
    const folded = `${fiveHundred}\n${fiveHundred.toUpperCase()}`;
    const accepted = await save({ ...changed, blockedWords: folded });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().settings.blockedWords).toHaveLength(500);
    const tooLong = await save({ ...changed, blockedWords: `fine\n${'x'.repeat(101)}` });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields.blockedWords).toBe('A blocked word or phrase has at most 100 characters');
    for (const bad of [42, { a: 1 }, [1, 2], 'nul\u0000here']) {
      const refused = await save({ ...changed, blockedWords: bad });
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(refused.json().fields).toHaveProperty('blockedWords');
    }
    await save({ ...changed, blockedWords: [] });
  });

  it('lets only admins set the blocked words', async () => {
    const editor = (await signedInAs(t, 'editor')).cookie;
    expect((await save({ ...changed, blockedWords: 'zorblaxx' }, editor)).statusCode).toBe(403);
    expect((await t.app.siteSettings.getAll()).settings.blockedWords).toEqual([]);
    const read = await t.app.inject({ method: 'GET', url: '/api/admin/site-settings', headers: { cookie: editor } });
    expect(read.statusCode).toBe(403);
  });

  it('is for admins only', async () => {
    const editor = (await signedInAs(t, 'editor')).cookie;
    expect((await save(changed, editor)).statusCode).toBe(403);
    expect((await save(changed, '')).statusCode).toBe(401);
  });

  it('falls back to the defaults for a setting a newer version added, and for a document gone bad', async () => {
    await t.db.query(
      `UPDATE site_settings SET settings = settings - 'figures' || '{"email": "kept@example.co.ke", "retired": 1}'`,
    );
    const fresh = createSiteSettingsService(t.db);
    const { settings } = await fresh.get();
    expect(settings.email).toBe('kept@example.co.ke');
    expect(settings.figures).toEqual(DEFAULT_SITE_SETTINGS.figures);
    expect(settings).not.toHaveProperty('retired');
    await t.db.query(`UPDATE site_settings SET settings = '{"email": "not an address"}'`);
    const logged: string[] = [];
    const broken = createSiteSettingsService(t.db, { log: (line) => logged.push(line) });
    expect((await broken.getAll()).settings).toEqual(DEFAULT_SITE_SETTINGS);
    expect(logged[0]).toMatch(/not valid \(email\)/);
  });
});
