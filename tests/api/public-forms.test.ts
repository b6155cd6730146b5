import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

const valid = {
  name: 'Amina Yusuf',
  email: 'amina@example.com',
  subject: 'Cargo to Mogadishu',
  message: 'How long does a 20 kg parcel take?',
};

describe(`inquiries and newsletter (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let ip = 0;
  // Each test posts from its own address so the throttle of one does not leak into another.
  const from = () => `10.0.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;
  let remoteAddress = from();
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(() => {
    remoteAddress = from();
  });

  describe('POST /api/inquiries', () => {
    it('stores a valid message as a new inquiry', async () => {
      const response = await post('/api/inquiries', { ...valid, name: '  Amina Yusuf  ', website: '' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        status: 'received',
        message: 'Thank you for your message! We will get back to you within 24 hours.',
      });
      const { rows } = await t.db.query(
        'SELECT name, email, subject, message, status FROM inquiries WHERE email = $1',
        [valid.email],
      );
      expect(rows).toEqual([{ ...valid, status: 'new' }]);
    });

    it.each([
      ['name', { name: '   ' }, 'Name is required'],
      ['email', { email: '' }, 'Email is required'],
      ['email', { email: 'not-an-email' }, 'Please enter a valid email address'],
      ['subject', { subject: '' }, 'Subject is required'],
      ['message', { message: '' }, 'Message is required'],
      ['message', { message: '  short    ' }, 'Message should be at least 10 characters long'],
      ['message', { message: 'x'.repeat(5001) }, 'Message must be at most 5,000 characters'],
      ['name', { name: 'x'.repeat(101) }, 'Name must be at most 100 characters'],
    ])('rejects a bad %s with the form message (%j)', async (field, change, message) => {
      const response = await post('/api/inquiries', { ...valid, ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields[field]).toBe(message);
    });

    it('rejects a missing field and an unknown field', async () => {
      const { name: _name, ...noName } = valid;
      const missing = await post('/api/inquiries', noName);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fields.name).toBe('Name is required');
      const unknown = await post('/api/inquiries', { ...valid, status: 'converted' });
      expect(unknown.statusCode).toBe(400);
    });

    it('rejects a body over 16 KB', async () => {
      const response = await post('/api/inquiries', { ...valid, message: 'x'.repeat(17 * 1024) });
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toBe('The request body is too large.');
    });

    it('answers a bot that fills the honeypot as if all went well, and stores nothing', async () => {
      const response = await post('/api/inquiries', { ...valid, email: 'bot@example.com', website: 'http://spam' });
      expect(response.statusCode).toBe(201);
      expect(response.json().status).toBe('received');
      const { rows } = await t.db.query("SELECT id FROM inquiries WHERE email = 'bot@example.com'");
      expect(rows).toEqual([]);
    });

    it('lets 30 people behind one shared address write in a minute, then throttles the address with a clear message', async () => {
      for (let i = 0; i < 30; i++) {
        expect((await post('/api/inquiries', { ...valid, email: `t${i}@example.com` })).statusCode).toBe(201);
      }
      const limited = await post('/api/inquiries', valid);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(/^Too many requests\. Please wait \d+ seconds? and try again\.$/);
      remoteAddress = from();
      expect((await post('/api/inquiries', valid)).statusCode).toBe(201);
    });

    it('throttles one e-mail address after 5 messages in 10 minutes, from any address, in the visitor’s language', async () => {
      for (let i = 0; i < 5; i++) {
        remoteAddress = from();
        expect((await post('/api/inquiries', { ...valid, email: 'Same.Sender@example.com' })).statusCode).toBe(201);
      }
      remoteAddress = from();
      const limited = await post('/api/inquiries?lang=so', { ...valid, email: 'same.sender@EXAMPLE.com ' });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json().message).toMatch(/\d+/);
      expect(limited.json().message).not.toMatch(/Too many/);
      expect((await post('/api/inquiries', { ...valid, email: 'other.sender@example.com' })).statusCode).toBe(201);
    });

    it('counts each route apart: a throttled contact form leaves the newsletter open', async () => {
      for (let i = 0; i < 30; i++) await post('/api/inquiries', { ...valid, email: `apart${i}@example.com` });
      expect((await post('/api/inquiries', valid)).statusCode).toBe(429);
      for (let i = 0; i < 5; i++) {
        expect((await post('/api/newsletter', { email: `apart${i}@example.com` })).statusCode).toBe(200);
      }
    });

    it('answers in Somali when asked, with the same keys', async () => {
      const response = await post('/api/inquiries?lang=so', { ...valid, name: '' });
      expect(response.statusCode).toBe(400);
      expect(typeof response.json().fields.name).toBe('string');
    });
  });

  describe('POST /api/newsletter', () => {
    it('subscribes an address once, case-insensitively, and answers a repeat exactly the same', async () => {
      // The answer must not tell anyone whether an address is on the list.
      const answer = {
        status: 'subscribed',
        message: 'Thank you for subscribing! Check your inbox: open the link in our e-mail to confirm.',
      };
      const first = await post('/api/newsletter', { email: 'Hodan@Example.com' });
      const again = await post('/api/newsletter', { email: '  hodan@example.COM ' });
      for (const response of [first, again]) {
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual(answer);
      }
      expect(again.body).toBe(first.body);
      const { rows } = await t.db.query(
        "SELECT email FROM newsletter_subscribers WHERE lower(email) = 'hodan@example.com'",
      );
      expect(rows).toEqual([{ email: 'Hodan@Example.com' }]);
    });

    it.each([
      [{ email: '' }, 'Email is required'],
      [{ email: 'nope' }, 'Please enter a valid email address'],
      [{}, 'Email is required'],
    ])('rejects %j', async (body, message) => {
      const response = await post('/api/newsletter', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields.email).toBe(message);
    });

    it('rejects unknown fields and big bodies', async () => {
      expect((await post('/api/newsletter', { email: 'a@example.com', admin: true })).statusCode).toBe(400);
      expect((await post('/api/newsletter', { email: 'a@example.com', website: 'x'.repeat(17_000) })).statusCode).toBe(
        413,
      );
    });

    it('ignores a filled honeypot silently', async () => {
      const response = await post('/api/newsletter', { email: 'bot2@example.com', website: 'spam' });
      expect(response.statusCode).toBe(200);
      const { rows } = await t.db.query("SELECT id FROM newsletter_subscribers WHERE email = 'bot2@example.com'");
      expect(rows).toEqual([]);
    });

    it('throttles one address after 30 sign-ups a minute', async () => {
      for (let i = 0; i < 30; i++) {
        expect((await post('/api/newsletter', { email: `n${i}@example.com` })).statusCode).toBe(200);
      }
      expect((await post('/api/newsletter', { email: 'n31@example.com' })).statusCode).toBe(429);
    });

    it('throttles one e-mail address after 5 sign-ups in 10 minutes, from any address', async () => {
      for (let i = 0; i < 5; i++) {
        remoteAddress = from();
        expect((await post('/api/newsletter', { email: 'again@example.com' })).statusCode).toBe(200);
      }
      remoteAddress = from();
      expect((await post('/api/newsletter', { email: 'again@example.com' })).statusCode).toBe(429);
    });
  });
});
