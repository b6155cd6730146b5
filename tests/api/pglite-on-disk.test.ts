import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/server/db/migrate';
import { openPgliteDatabase } from '../../src/server/db/pglite-database';
import { testDatabaseKind } from '../support/test-database';

// The embedded database's own folder: a PGlite matter, run once (in the PGlite project).
describe.runIf(testDatabaseKind() === 'pglite')('embedded database on disk', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sdh-pglite-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps its data and applies no migration twice across restarts', async () => {
    const first = await openPgliteDatabase(dir);
    expect((await migrate(first)).length).toBeGreaterThan(0);
    await first.query(
      `INSERT INTO listings (category, subcategory, title, description, price, whatsapp_number)
       VALUES ('product', 'phones', 'Kept', 'Still here', 10, '0712345678')`,
    );
    await first.close();

    const second = await openPgliteDatabase(dir);
    expect(await migrate(second)).toEqual([]);
    const { rows, rowCount } = await second.query<{ title: string }>('SELECT title FROM listings');
    expect(rows).toEqual([{ title: 'Kept' }]);
    expect(rowCount).toBe(1); // the same count node-postgres reports for a SELECT
    await second.close();
  }, 120_000); // two start-ups of an on-disk database, migrations included
});
