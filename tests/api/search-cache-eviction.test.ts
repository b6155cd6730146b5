import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { openTestDatabase } from '../support/test-database';

// The kept answers hold 1,000 queries: more distinct searches than that at once push out
// some still being made. Their visitors must still get the answer, not an error.
describe('search cache under more searches than it holds', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Every search waits its turn for a connection, and none is refused as a burst: the subject
    // is the cache, not the pool's limit or the overload refusal.
    const db = await openTestDatabase({ timeouts: { statementMs: 60_000, connectMs: 120_000 } });
    t = await createTestApp({ searchCacheSeconds: 60, publicRateLimit: 0, overloadRequestsInProgress: 0 }, { db });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers every search when in-flight ones are evicted', async () => {
    const searches = 1_200;
    const answers = await Promise.all(
      Array.from({ length: searches }, (_, i) =>
        t.app.inject({ method: 'GET', url: `/api/listings?category=product&page=${i + 1}` }),
      ),
    );
    const failed = answers.filter((answer) => answer.statusCode !== 200);
    expect(failed.map((answer) => `${answer.statusCode} ${answer.body}`).slice(0, 3)).toEqual([]);
    expect(answers[searches - 1]?.json()).toMatchObject({ page: searches, items: [] });
  });
});
