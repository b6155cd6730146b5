import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, signedInAs, validProduct } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

// The staff form sends one key per form: a submit sent again (a timeout, a retry after the
// storage resumed, a double click) is answered with the listing it made, not a second one.
describe(`a listing form sent twice (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = (await signedInAs(t, 'admin')).cookie;
  });
  afterAll(async () => {
    await t.close();
  });

  const submit = (title: string, key?: string) => {
    const body = multipart({ ...validProduct, title });
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/listings',
      payload: body.payload,
      headers: { ...body.headers, cookie, ...(key ? { 'idempotency-key': key } : {}) },
    });
  };
  const count = async (title: string) =>
    (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM listings WHERE title = $1', [title])).rows[0]?.n;

  it('answers a retry of the same form with the listing it made', async () => {
    const key = randomUUID();
    const first = await submit('Sent twice', key);
    expect(first.statusCode).toBe(201);
    const again = await submit('Sent twice', key);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect(await count('Sent twice')).toBe(1);
  });

  it('makes one listing when the same form arrives twice at once', async () => {
    const key = randomUUID();
    const answers = await Promise.all([submit('Sent at once', key), submit('Sent at once', key)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await count('Sent at once')).toBe(1);
  });

  it('makes a listing per form, and without a key as before', async () => {
    expect((await submit('Two forms', randomUUID())).statusCode).toBe(201);
    expect((await submit('Two forms', randomUUID())).statusCode).toBe(201);
    expect((await submit('Two forms')).statusCode).toBe(201);
    expect(await count('Two forms')).toBe(3);
  });

  it('refuses a key that is not one the form makes', async () => {
    const refused = await submit('Bad key', 'not-a-uuid');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('The form could not be matched to an earlier submit. Please reload the page.');
    expect(await count('Bad key')).toBe(0);
  });
});
