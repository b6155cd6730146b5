import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../src/server/db/migrate';
import { openPgliteDatabase } from '../../src/server/db/pglite-database';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplateFile: string;
    pgliteBlankFile: string;
  }
}

/**
 * Creates one embedded database for the run and saves its folder twice, blank and migrated:
 * each test's database starts from a copy, as PostgreSQL's are cloned from a template (initdb
 * and the migrations take seconds on a busy machine, loading a copy about one).
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'sdh-pglite-template-'));
  const file = path.join(dir, 'migrated.tar');
  const blankFile = path.join(dir, 'blank.tar');
  const db = await openPgliteDatabase(undefined);
  try {
    writeFileSync(blankFile, await db.dumpDataDir());
    await migrate(db);
    writeFileSync(file, await db.dumpDataDir());
  } finally {
    await db.close();
  }
  project.provide('pgliteTemplateFile', file);
  project.provide('pgliteBlankFile', blankFile);
  return () => rmSync(dir, { recursive: true, force: true });
}
