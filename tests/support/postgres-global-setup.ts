import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../src/server/db/migrate';
import { openPostgresDatabase } from '../../src/server/db/postgres-database';
import { startPostgresServer } from './postgres-server';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export const TEMPLATE_DATABASE = 'sdh_template';

/** Starts one PostgreSQL server for the run and a migrated template each test file clones. */
export default async function setup(project: TestProject) {
  const server = await startPostgresServer();
  const admin = new pg.Client({ connectionString: server.url() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  await admin.end();
  const template = await openPostgresDatabase(server.url(TEMPLATE_DATABASE), { poolSize: 1 });
  await migrate(template);
  await template.close();
  project.provide('postgresUrl', server.url());
  return () => server.stop();
}
