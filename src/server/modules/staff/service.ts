import type { Config } from '#server/config';
import { withAdvisoryLock } from '#server/db/advisory-lock';
import type { Database } from '#server/db/database';
import { NEW_PASSWORD_RULES, weakPasswordProblem } from '#shared/new-password';
import type { Role } from '#shared/permissions';
import { normaliseUsername, USERNAME_RULES } from '#shared/username';
import { hashPassword } from './password';
import { staffRepository } from './repository';

/**
 * Demo-mode accounts. They exist only on the server (the Demo Mode panel fetches the admin
 * one from GET /api/auth/demo-credentials); demo mode is never on in production.
 */
export const DEMO_ACCOUNTS: { username: string; password: string; role: Role; name: string }[] = [
  { username: 'demo-admin', password: 'Hub-demo-7319', role: 'admin', name: 'Administrator' },
  { username: 'demo-editor', password: 'Hub-editor-7319', role: 'editor', name: 'Demo Editor' },
  { username: 'demo-viewer', password: 'Hub-viewer-7319', role: 'viewer', name: 'Demo Viewer' },
];

/** The account the Demo Mode panel offers. */
export const DEMO_ADMIN = DEMO_ACCOUNTS[0] as (typeof DEMO_ACCOUNTS)[number];

/**
 * The new-password rule (docs/product.md#staff-accounts) for the command line and
 * ADMIN_PASSWORD, in English: null when the password may be used.
 */
export async function newPasswordProblem(password: string, userInputs: string[] = []): Promise<string | null> {
  const trimmed = password.trim();
  if (trimmed.length < NEW_PASSWORD_RULES.min) {
    return `The password must be at least ${NEW_PASSWORD_RULES.min} characters long.`;
  }
  if (trimmed.length > NEW_PASSWORD_RULES.max)
    return `The password must be at most ${NEW_PASSWORD_RULES.max} characters long.`;
  if (await weakPasswordProblem(trimmed, userInputs)) {
    return 'The password is too easy to guess (a common password, word, name, date or keyboard pattern). Choose a longer or less predictable one.';
  }
  return null;
}

/**
 * A new account's row, checked and with its password hashed (slow on purpose: done before any
 * lock). `checkStrength` false is for the demo accounts, whose passwords are our own (a unit
 * test holds them to the rule): the estimator's dictionaries cost the server ~40 MB once loaded.
 */
async function prepareStaffUser(
  input: { username: string; password: string; role: Role; name?: string | null },
  checkStrength = true,
) {
  const username = normaliseUsername(input.username);
  if (!username) {
    const { min, max } = USERNAME_RULES;
    throw new Error(`The username must be ${min} to ${max} letters, digits, dots, dashes or underscores.`);
  }
  const problem = checkStrength ? await newPasswordProblem(input.password, [username, input.name ?? '']) : null;
  if (problem) throw new Error(problem);
  return { username, passwordHash: await hashPassword(input.password.trim()), role: input.role, name: input.name };
}

export async function createStaffUser(
  db: Database,
  input: { username: string; password: string; role: Role; name?: string | null },
) {
  const row = await prepareStaffUser(input);
  return withAdvisoryLock(db, 'staffAccounts', async (tx) => {
    const repo = staffRepository(tx);
    if (await repo.findByUsername(row.username)) throw new Error(`A staff user named ${row.username} already exists.`);
    return repo.create(row);
  });
}

/**
 * ADMIN_USERNAME / ADMIN_PASSWORD create the first admin, only while there is no account at
 * all; instances starting together create it once (the count is read under the lock).
 */
export async function bootstrapFirstAdmin(
  db: Database,
  config: Pick<Config, 'adminUsername' | 'adminPassword'>,
): Promise<string | null> {
  if (!config.adminUsername || !config.adminPassword) return null;
  if ((await staffRepository(db).count()) > 0) return null;
  const row = await prepareStaffUser({
    username: config.adminUsername,
    password: config.adminPassword,
    role: 'admin',
    name: 'Administrator',
  });
  return withAdvisoryLock(db, 'staffAccounts', async (tx) => {
    const repo = staffRepository(tx);
    if ((await repo.count()) > 0) return null;
    return (await repo.create(row)).username;
  });
}

/** Demo mode: the demo accounts, created once (also when instances start together). */
export async function seedDemoStaff(db: Database): Promise<number> {
  let created = 0;
  for (const account of DEMO_ACCOUNTS) {
    if (await staffRepository(db).findByUsername(account.username)) continue;
    const row = await prepareStaffUser(account, false);
    const added = await withAdvisoryLock(db, 'staffAccounts', async (tx) => {
      const repo = staffRepository(tx);
      if (await repo.findByUsername(row.username)) return false;
      await repo.create(row);
      return true;
    });
    if (added) created++;
  }
  return created;
}

// What other modules use of staff accounts: sign-in, sessions, the account page, the dashboard.
export {
  HASHING_BUSY_RETRY_SECONDS,
  HashingBusyError,
  hashPassword,
  verifyAgainstDummy,
  verifyPassword,
} from './password';
export { type StaffUser, staffRepository } from './repository';
