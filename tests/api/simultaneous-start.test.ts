import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { openPostgresDatabase } from '../../src/server/db/postgres-database';
import { bootstrapFirstAdmin, seedDemoStaff } from '../../src/server/modules/staff/service';
import { emptyPostgresDatabase, testDatabaseKind } from '../support/test-database';

const ROUNDS = 5;
const INSTANCES = 3;

/** Several instances' connections to one empty database, as each would open its own. */
async function instancesOn(url: string): Promise<Database[]> {
  return Promise.all(Array.from({ length: INSTANCES }, () => openPostgresDatabase(url, { poolSize: 2 })));
}

// Instances behind a load balancer start together on an empty database: each migrates it,
// creates the first admin and (in a trial) the demo accounts. None may fail.
describe.runIf(testDatabaseKind() === 'postgres')('instances starting at the same moment on one database', () => {
  it(`migrate an empty database together without a clash, ${ROUNDS} times over`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const database = await emptyPostgresDatabase();
      const instances = await instancesOn(database.url);
      try {
        const applied = await Promise.all(instances.map((db) => migrate(db)));
        // Each migration applied by exactly one of them.
        const all = applied.flat().sort();
        expect(new Set(all).size).toBe(all.length);
        const { rows } = await instances[0]!.query<{ name: string }>('SELECT name FROM schema_migrations');
        expect(rows.map((r) => r.name).sort()).toEqual(all);
      } finally {
        await Promise.all(instances.map((db) => db.close()));
        await database.drop();
      }
    }
  }, 120_000);

  it('create one first admin and one set of demo accounts between them', async () => {
    const config = loadConfig({ NODE_ENV: 'test', ADMIN_USERNAME: 'amina', ADMIN_PASSWORD: 'a long passphrase' });
    // Fewer rounds: every instance hashes the passwords (slow on purpose) before it takes the lock.
    for (let round = 0; round < 3; round++) {
      const database = await emptyPostgresDatabase();
      const instances = await instancesOn(database.url);
      try {
        await migrate(instances[0]!);
        const created = await Promise.all(instances.map((db) => bootstrapFirstAdmin(db, config)));
        expect(created.filter((name) => name !== null)).toEqual(['amina']);
        const demo = await Promise.all(instances.map((db) => seedDemoStaff(db)));
        expect(demo.reduce((a, b) => a + b, 0)).toBe(3);
        const { rows } = await instances[0]!.query<{ username: string }>(
          'SELECT username FROM staff_users ORDER BY username',
        );
        expect(rows.map((r) => r.username)).toEqual(['amina', 'demo-admin', 'demo-editor', 'demo-viewer']);
      } finally {
        await Promise.all(instances.map((db) => db.close()));
        await database.drop();
      }
    }
  }, 120_000);
});
