import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OutgoingMail, queueMail } from '#server/modules/mail/service';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

describe(`queued mail (${testDatabaseKind()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const mail = (key: string): OutgoingMail => ({
    key,
    to: 'reader@example.com',
    language: 'so',
    subject: 'Xaqiiji',
    text: 'Text part',
    html: '<p>HTML part</p>',
  });
  const count = async (key: string) =>
    (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_messages WHERE key = $1', [key])).rows[0]?.n;

  it('exists exactly when the transaction that caused it commits, once per key', async () => {
    await t.db.transaction(async (tx) => {
      await queueMail(tx, mail('kept'));
      await queueMail(tx, mail('kept'));
    });
    await expect(
      t.db.transaction(async (tx) => {
        await queueMail(tx, mail('rolled-back'));
        throw new Error('the cause failed');
      }),
    ).rejects.toThrow('the cause failed');
    expect(await count('kept')).toBe(1);
    expect(await count('rolled-back')).toBe(0);
  });
});
