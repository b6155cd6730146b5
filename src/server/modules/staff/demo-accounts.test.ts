import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, newPasswordProblem } from './service';

describe('demo accounts', () => {
  // Created without the strength check at start (it would load its dictionaries): held to it here.
  it.each(DEMO_ACCOUNTS.map((account) => [account.username, account] as const))(
    '%s has a password the new-password rule accepts',
    async (_username, account) => {
      expect(await newPasswordProblem(account.password, [account.username, account.name])).toBeNull();
    },
  );
});
