import { defineConfig } from 'vitest/config';

const api = (name: 'pglite' | 'postgres') => ({
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
