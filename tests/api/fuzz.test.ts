import { describe, expect, it } from 'vitest';
import { describeFailure, runFuzz, startFuzzApp } from '../support/fuzz';
import { openTestDatabase, testDatabaseKind } from '../support/test-database';

// A small, fixed-seed run of `npm run fuzz`, so a change that turns some bad input into a 5xx
// fails the suite. The full run (10,000 requests per database) is the command.
const SEED = 20_261_123;
const REQUESTS = 400;

describe(`fuzz (${testDatabaseKind()})`, () => {
  it(`answers ${REQUESTS} seeded random and malformed requests over every route without a 5xx`, async () => {
    const db = await openTestDatabase();
    const fuzzApp = await startFuzzApp(db);
    try {
      const report = await runFuzz(fuzzApp.target, { seed: SEED, requests: REQUESTS });
      expect(report.failures.map((failure) => describeFailure(failure, SEED))).toEqual([]);
      expect(report.byClass['5xx']).toBe(0);
      expect(fuzzApp.errorLogs).toEqual([]);
      // It reached past the front door: every route was tried, and staff requests were served.
      const tried = new Set(Object.keys(report.byRoute).map((route) => route.replace(/ \(staff\)$/, '')));
      expect(
        [...new Set(fuzzApp.target.routes.map((r) => `${r.method} ${r.url}`))].filter((r) => !tried.has(r)),
      ).toEqual([]);
      const staffServed = Object.entries(report.byRoute).filter(
        ([route, counts]) => route.endsWith('(staff)') && counts['2xx'],
      );
      expect(staffServed.length).toBeGreaterThan(5);
    } finally {
      await fuzzApp.close();
      await db.close();
    }
  }, 180_000);
});
