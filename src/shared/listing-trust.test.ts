import { describe, expect, it } from 'vitest';
import { expiryFormSchema, listingTrustBodySchema, verificationFormSchema } from './listing-trust';

const E = 'admin.trust.errors';
const messages = (result: { error?: { issues: { message: string }[] } }) => [
  ...new Set(result.error?.issues.map((issue) => issue.message)),
];

describe("the trust dialog's forms check what the API checks", () => {
  it.each([
    ['', []],
    ['2026-12-31', []],
    ['2026-02-30', [`${E}.badDate`]],
    ['31/12/2026', [`${E}.badDate`]],
  ])('expiry %j', (expires_on, expected) => {
    expect(messages(expiryFormSchema.safeParse({ expires_on }))).toEqual(expected);
    if (expires_on) {
      expect(messages(listingTrustBodySchema.safeParse({ expires_on }))).toEqual(expected);
    }
  });

  it.each([
    ['Title deed seen at our office', []],
    ['   ', [`${E}.noteRequired`]],
    ['x'.repeat(301), [`${E}.noteTooLong`]],
  ])('verification note %j', (note, expected) => {
    expect(messages(verificationFormSchema.safeParse({ note }))).toEqual(expected);
    expect(messages(listingTrustBodySchema.safeParse({ verification: { note } }))).toEqual(expected);
  });
});
