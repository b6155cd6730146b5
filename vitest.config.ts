import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineConfig } from 'vitest/config';

/** A file of the server build (dist/server, which the API tests' global setup keeps fresh), by URL. */
const built = (file: string) => JSON.stringify(pathToFileURL(resolve('dist/server', file)).href);

const api = (name: 'pglite' | 'postgres') => ({
  // The server's worker threads and child process run from the build, as in production, not
  // through tsx: each start through tsx costs about half a second of CPU more (scripts/build-server.mjs
  // defines the same names for the bundles).
  define: {
    PGLITE_WORKER_FILE: built('db/pglite-worker.js'),
    PROBE_WORKER_FILE: built('modules/health/probe-worker.js'),
    FIRST_START_FILE: built('first-start-process.js'),
  },
  test: {
    name: `api-${name}`,
    include: ['tests/api/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DATABASE: name },
    globalSetup: [
      'tests/support/build-global-setup.ts',
      name === 'postgres' ? 'tests/support/postgres-global-setup.ts' : 'tests/support/pglite-global-setup.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each worker imports the app once for all its files instead of once per file (the API
    // files share no module state: each builds its own app on its own database).
    isolate: false,
  },
});

export default defineConfig({
  test: {
    // Vitest's default on this 2-core machine is one worker (cores - 1); the API tests spend
    // much of their time waiting (on the PostgreSQL server, on threads), so two overlap well.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      api('pglite'),
      api('postgres'),
    ],
  },
});
