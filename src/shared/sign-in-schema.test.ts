import { describe, expect, it } from 'vitest';
import { createTranslator } from './i18n';
import { en } from './i18n/en';
import { signInProblem } from './sign-in-schema';

const t = createTranslator('en');

describe('admin sign-in rules (spec §5)', () => {
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
});
