import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '#server/config';
import type { Database } from '#server/db/database';
import { openDatabase } from '#server/db/open-database';
import { COMMAND_LINE_ACTOR } from '#server/modules/audit/plugin';
import { auditRepository } from '#server/modules/audit/repository';
import { hashPassword, setPasswordHashCost } from '#server/modules/staff/password';
import { passwordLinksRepository } from '#server/modules/staff/password-links';
import { type StaffUser, staffRepository } from '#server/modules/staff/repository';
import { createStaffUser, newPasswordProblem } from '#server/modules/staff/service';
import { twoFactorRepository } from '#server/modules/two-factor/repository';
import type { AuditAction } from '#shared/audit';
import { isRole, ROLES } from '#shared/permissions';
import { normaliseUsername } from '#shared/username';

const USAGE = `Usage: npm run admin -- <command> [options]
  create <username> [--role admin|editor|viewer] [--name "Full Name"]   create a staff account
  reset-password <username>                                             set a new password (re-enables the account)
  disable <username>                                                    disable an account, end its sessions, revoke its password links
  reset-two-factor <username>                                           turn off the account's two-factor sign-in
  list                                                                  list staff accounts
The password comes from --password, else the ADMIN_PASSWORD environment variable, else a prompt.
New passwords: at least 12 characters, and not a common password, word, name, date or keyboard pattern.`;

/** What the command line does goes into the audit log too, as COMMAND_LINE_ACTOR. */
async function audit(
  db: Database,
  action: AuditAction,
  user: StaffUser,
  changes: Record<string, unknown> | null = null,
) {
  await auditRepository(db).insert([
    {
      actorId: null,
      actorUsername: COMMAND_LINE_ACTOR,
      address: null,
      action,
      entityType: 'staff',
      entityId: user.id,
      entityTitle: user.username,
      changes,
    },
  ]);
}

async function existing(db: Database, username: string | undefined): Promise<StaffUser> {
  const user = username === undefined ? null : await staffRepository(db).findByUsername(username);
  if (!user) throw new Error(`No staff user named ${username}.`);
  return user;
}

async function readPassword(given: string | undefined): Promise<string> {
  if (given) return given;
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  const { createInterface } = await import('node:readline/promises');
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return (await rl.question('Password (at least 12 characters, hard to guess): ')).trim();
  } finally {
    rl.close();
  }
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      role: { type: 'string', default: 'admin' },
      name: { type: 'string' },
      password: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  const [command, givenName] = positionals;
  if (values.help || !command) return console.log(USAGE);
  if (command !== 'list' && !givenName) {
    console.error(`${command} needs a username.\n${USAGE}`);
    process.exit(2);
  }
  // Names are compared in their one form, as sign-in compares them.
  const username = givenName === undefined ? undefined : (normaliseUsername(givenName) ?? givenName);
  const config = loadConfig();
  setPasswordHashCost(config.passwordHashCost);
  const db = await openDatabase(config);
  const repo = staffRepository(db);
  try {
    switch (command) {
      case 'create': {
        if (!isRole(values.role)) throw new Error(`--role must be one of ${ROLES.join(', ')}`);
        const user = await createStaffUser(db, {
          username: username as string,
          password: await readPassword(values.password),
          role: values.role,
          name: values.name,
        });
        await audit(db, 'staff.create', user, { role: { from: null, to: user.role } });
        console.log(`created ${user.username} (${user.role})`);
        break;
      }
      case 'reset-password': {
        const user = await existing(db, username);
        const password = await readPassword(values.password);
        const problem = await newPasswordProblem(password, [user.username, user.name ?? '']);
        if (problem) throw new Error(problem);
        await repo.setPassword(user.username, await hashPassword(password.trim()));
        await audit(db, 'account.password', user);
        await db.query(
          'DELETE FROM sessions WHERE staff_user_id = (SELECT id FROM staff_users WHERE lower(username) = lower($1))',
          [username],
        );
        console.log(`new password set for ${username}; their sessions were ended`);
        break;
      }
      case 'disable': {
        const user = await existing(db, username);
        await repo.setDisabled(user.username, true);
        await passwordLinksRepository(db).revokeAll(user.id);
        await audit(db, 'staff.disable', user, { is_disabled: { from: user.is_disabled, to: true } });
        await db.query(
          'DELETE FROM sessions WHERE staff_user_id = (SELECT id FROM staff_users WHERE lower(username) = lower($1))',
          [username],
        );
        console.log(`disabled ${username} and ended their sessions`);
        break;
      }
      case 'reset-two-factor': {
        const user = await existing(db, username);
        if (!(await twoFactorRepository(db).disable(user.id)))
          throw new Error(`${user.username} has no two-factor sign-in.`);
        await audit(db, 'staff.two-factor-reset', user, { twoFactor: { from: true, to: false } });
        console.log(`two-factor sign-in of ${user.username} is off; they sign in with their password alone`);
        break;
      }
      case 'list': {
        const users = await repo.list();
        if (users.length === 0) console.log('no staff accounts');
        for (const u of users) {
          const twoFactor = u.two_factor ? 'two-factor' : '-';
          console.log(
            `${u.username}\t${u.role}\t${u.is_disabled ? 'disabled' : 'active'}\t${twoFactor}\t${u.created_at}`,
          );
        }
        break;
      }
      default:
        console.error(`Unknown command ${command}.\n${USAGE}`);
        process.exitCode = 2;
    }
  } finally {
    await db.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
