import { defineConfig, devices } from '@playwright/test';
import { HEADLESS_SHELL_PATH, TEST_CHROMIUM_ARGS } from './scripts/lib/chromium.mjs';

/** One port per checkout, so several can run their end-to-end suites side by side. */
const port = Number(process.env.E2E_PORT ?? 4310);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? `.tmp/e2e-data-${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // A data folder started once, which the specs that start servers of their own copy.
  globalSetup: './tests/e2e/started-folder.ts',
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace (each step's DOM snapshot, the network, the console) only of a test's retry:
    // recording every test's, to keep the failures', cost 15 % of the suite's CPU (decision
    // 0109). A failure keeps its page snapshot (error-context.md); `--trace on` records all.
    trace: { mode: 'on-first-retry', screenshots: false },
    // Each test's fresh browser would install the service worker, fetching the whole offline
    // copy (about 780 KB, 70 files) from the server: a quarter of the suite's CPU went there.
    // offline.spec.ts allows it and tests it; every other spec sees a first visit without it.
    serviceWorkers: 'block',
    launchOptions: { executablePath: HEADLESS_SHELL_PATH, args: TEST_CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testIgnore: [/mobile\.spec\.ts/, /admin\.spec\.ts/],
    },
    { name: 'mobile', use: { ...devices['Pixel 7'], channel: undefined }, testMatch: /mobile\.spec\.ts/ },
    // The admin specs add and change listings on the shared server: they run after the public specs.
    {
      name: 'admin',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: /admin\.spec\.ts/,
      dependencies: ['desktop', 'mobile'],
    },
  ],
  // The built app, started the way `npm start` starts it, on a fresh embedded database in demo mode.
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && node scripts/start.mjs`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 240_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      // Every spec browses from one address, faster than any visitor: the per-client page limit
      // would refuse the suite itself (tests/api/public-rate-limit.test.ts covers the limit).
      PUBLIC_RATE_LIMIT: '0',
      // Nor the overload refusal (503 while the event loop lags): on a machine other work
      // shares, a stall of its own turned pages away mid-suite (tests/api/operations.test.ts
      // covers the refusal, and the API tests' app turns it off the same way).
      OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
      // Nor the line of reads (503 after a wait): two browsers and a busy machine are no crowd.
      OVERLOAD_CONCURRENCY: '0',
      // Every browser comes from loopback: a spec that needs visitors at different addresses
      // (leads count one per address) names them in X-Forwarded-For, as a proxy would.
      TRUST_PROXY: 'loopback',
      // Staff sign-ins hash at 2^12, milliseconds instead of production's few hundred
      // (tests/api/sign-in-hardening.test.ts checks the hashing's bounds at production's cost).
      PASSWORD_HASH_COST: '12',
    },
  },
});
