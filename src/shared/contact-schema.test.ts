import { describe, expect, it } from 'vitest';
import { CONTACT_LIMITS, contactSchema, contactTextLength } from './contact-schema';
import { newsletterSchema } from './newsletter-schema';

const valid = { name: 'Amina', email: 'amina@example.com', subject: 'Hello', message: 'Ten chars!' };

/** The first message the form shows for a field, as a catalog key. */
function firstError(input: unknown, field: string) {
  const result = contactSchema.safeParse(input);
  if (result.success) return undefined;
  return result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

describe('contact form rules (spec §5)', () => {
  it.each([
    ['name empty', { name: '' }, 'name', 'contact.errors.nameRequired'],
    ['name whitespace only', { name: '   ' }, 'name', 'contact.errors.nameRequired'],
    ['email empty', { email: '' }, 'email', 'contact.errors.emailRequired'],
    ['email without @', { email: 'amina.example.com' }, 'email', 'contact.errors.emailInvalid'],
    ['email without domain', { email: 'amina@' }, 'email', 'contact.errors.emailInvalid'],
    ['subject empty', { subject: ' ' }, 'subject', 'contact.errors.subjectRequired'],
    ['message empty', { message: '' }, 'message', 'contact.errors.messageRequired'],
    ['message 9 chars after trim', { message: '  123456789  ' }, 'message', 'contact.errors.messageTooShort'],
    ['message over the 5,000 cap', { message: 'x'.repeat(5001) }, 'message', 'contact.errors.messageTooLong'],
  ])('%s', (_case, change, field, key) => {
    expect(firstError({ ...valid, ...change }, field)).toBe(key);
  });

  it.each([
    ['exactly 10 characters', { message: '1234567890' }],
    ['an empty honeypot', { website: '' }],
  ])('accepts %s', (_case, change) => {
    expect(contactSchema.safeParse({ ...valid, ...change }).success).toBe(true);
  });

  it('counts the message as the form counter does: the counter reaching the limit is the last length accepted', () => {
    for (const message of ['x'.repeat(5000), `  ${'x'.repeat(5000)} \n `, `${'é'.repeat(4999)}x`]) {
      expect(contactTextLength(message)).toBe(CONTACT_LIMITS.message);
      expect(contactSchema.safeParse({ ...valid, message }).success).toBe(true);
      expect(contactTextLength(`${message.trim()}x`)).toBe(CONTACT_LIMITS.message + 1);
      expect(firstError({ ...valid, message: `${message.trim()}x` }, 'message')).toBe('contact.errors.messageTooLong');
    }
  });

  it('trims values and rejects unknown fields', () => {
    expect(contactSchema.parse({ ...valid, name: '  Amina ' }).name).toBe('Amina');
    expect(contactSchema.safeParse({ ...valid, status: 'converted' }).success).toBe(false);
  });
});

describe('newsletter rules', () => {
  it.each([
    ['', 'newsletter.errors.emailRequired'],
    ['nope', 'newsletter.errors.emailInvalid'],
    ['ok@example.com', undefined],
  ])('%j', (email, key) => {
    const result = newsletterSchema.safeParse({ email });
    expect(result.success ? undefined : result.error.issues[0]?.message).toBe(key);
  });
});
