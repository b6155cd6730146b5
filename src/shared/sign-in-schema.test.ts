import { describe, expect, it } from 'vitest';
import { en } from '#shared/i18n/en';
import { createTranslator } from './i18n';
import { signInFormSchema, signInProblem } from './sign-in-schema';

const t = createTranslator('en');

describe('admin sign-in rules', () => {
  it.each([
    ['', '', 'Please fill in all fields'],
    ['admin', '', 'Please fill in all fields'],
    ['', 'secret1', 'Please fill in all fields'],
    ['   ', 'secret1', 'Please fill in all fields'],
    ['admin', '      ', 'Please fill in all fields'],
    ['ab', 'x', 'Username must be at least 3 characters long'],
    [' ab ', 'secret1', 'Username must be at least 3 characters long'],
    ['abc', '12345', 'Password must be at least 6 characters long'],
    ['abc', ' 12345 ', 'Password must be at least 6 characters long'],
    ['abc', '123456', null],
    ['  abc  ', '  123456  ', null],
  ])('username %j, password %j → %s', (username, password, message) => {
    const problem = signInProblem({ username, password });
    expect(problem === null ? null : t(problem)).toBe(message);
  });

  it('every message key exists in the catalog', () => {
    expect(Object.keys(en.admin.signIn.errors)).toEqual(
      expect.arrayContaining(['fillAllFields', 'usernameTooShort', 'passwordTooShort', 'invalidCredentials']),
    );
  });

  it.each([
    ['', '', 'username', 'Please fill in all fields'],
    ['admin', ' ', 'password', 'Please fill in all fields'],
    ['ab', 'secret1', 'username', 'Username must be at least 3 characters long'],
    ['abc', '12345', 'password', 'Password must be at least 6 characters long'],
    ['x'.repeat(65), 'secret1', 'username', 'This value is too long'],
  ])('the form with username %j and password %j: one message on the %s', (username, password, field, message) => {
    const result = signInFormSchema.safeParse({ username, password, remember: true });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), t(issue.message as never)])).toEqual([
      [field, message],
    ]);
  });

  it('the form keeps what the rules allow', () => {
    expect(signInFormSchema.safeParse({ username: ' amina ', password: ' secret1 ', remember: false }).success).toBe(
      true,
    );
  });
});
