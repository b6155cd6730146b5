import type { Role } from '../../../shared/permissions';
import { normaliseUsername, USERNAME_RULES } from '../../../shared/username';
import type { Config } from '../../config';
import { withAdvisoryLock } from '../../db/advisory-lock';
import type { Database } from '../../db/database';
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

/** A new account's row, checked and with its password hashed (slow on purpose: done before any lock). */
async function prepareStaffUser(input: { username: string; password: string; role: Role; name?: string | null }) {
  const username = normaliseUsername(input.username);
  if (!username) {
    const { min, max } = USERNAME_RULES;
    throw new Error(`The username must be ${min} to ${max} letters, digits, dots, dashes or underscores.`);
  }
  if (input.password.trim().length < 6) throw new Error('The password must be at least 6 characters long.');
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
export async function bootstrapFirstAdmin(db: Database, config: Config): Promise<string | null> {
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
    const row = await prepareStaffUser(account);
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
