import { parseArgs } from 'node:util';
import { isRole, ROLES } from '../../shared/permissions';
import { normaliseUsername } from '../../shared/username';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/open-database';
import { hashPassword } from '../modules/staff/password';
import { staffRepository } from '../modules/staff/repository';
import { createStaffUser } from '../modules/staff/service';

const USAGE = `Usage: npm run admin -- <command> [options]
  create <username> [--role admin|editor|viewer] [--name "Full Name"]   create a staff account
  reset-password <username>                                             set a new password (re-enables the account)
  disable <username>                                                    disable an account and end its sessions
  list                                                                  list staff accounts
The password comes from --password, else the ADMIN_PASSWORD environment variable, else a prompt.`;

async function readPassword(given: string | undefined): Promise<string> {
  if (given) return given;
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  const { createInterface } = await import('node:readline/promises');
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return (await rl.question('Password (at least 6 characters): ')).trim();
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
  const db = await openDatabase(loadConfig());
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
        console.log(`created ${user.username} (${user.role})`);
        break;
      }
      case 'reset-password': {
        const password = await readPassword(values.password);
        if (password.trim().length < 6) throw new Error('The password must be at least 6 characters long.');
        if (!(await repo.setPassword(username as string, await hashPassword(password.trim())))) {
          throw new Error(`No staff user named ${username}.`);
        }
        await db.query(
          'DELETE FROM sessions WHERE staff_user_id = (SELECT id FROM staff_users WHERE lower(username) = lower($1))',
          [username],
        );
        console.log(`new password set for ${username}; their sessions were ended`);
        break;
      }
      case 'disable': {
        if (!(await repo.setDisabled(username as string, true))) throw new Error(`No staff user named ${username}.`);
        await db.query(
          'DELETE FROM sessions WHERE staff_user_id = (SELECT id FROM staff_users WHERE lower(username) = lower($1))',
          [username],
        );
        console.log(`disabled ${username} and ended their sessions`);
        break;
      }
      case 'list': {
        const users = await repo.list();
        if (users.length === 0) console.log('no staff accounts');
        for (const u of users) {
          console.log(`${u.username}\t${u.role}\t${u.is_disabled ? 'disabled' : 'active'}\t${u.created_at}`);
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
