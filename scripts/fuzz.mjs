// `npm run fuzz`: seeded random and malformed requests over every route of the app, on the
// embedded database and on a throwaway PostgreSQL 15 server, as a visitor and as signed-in
// staff. Prints the answers by status class and every 5xx with its request; exits 1 on any.
//
//   npm run fuzz -- [--seed 1] [--requests 10000] [--database pglite|postgres|both]
//                   [--concurrency 8] [--only 17,4031]   (re-send chosen requests of a seed)
//                   [--routes]   (also print the answers per route)
import { parseArgs } from 'node:util';
import { tsImport } from 'tsx/esm/api';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    requests: { type: 'string', default: '10000' },
    database: { type: 'string', default: 'both' },
    concurrency: { type: 'string', default: '8' },
    only: { type: 'string' },
    routes: { type: 'boolean', default: false },
  },
});
const seed = Number(values.seed);
const requests = Number(values.requests);
const databases = values.database === 'both' ? ['pglite', 'postgres'] : [values.database];
if (!Number.isInteger(seed) || !Number.isInteger(requests) || requests < 1) {
  console.error('--seed and --requests take whole numbers');
  process.exit(2);
}
if (!databases.every((d) => d === 'pglite' || d === 'postgres')) {
  console.error('--database is pglite, postgres or both');
  process.exit(2);
}

const load = (file) => tsImport(file, import.meta.url);
const { runFuzz, startFuzzApp, describeFailure } = await load('../tests/support/fuzz.ts');
const { migrate } = await load('../src/server/db/migrate.ts');
const { openPgliteDatabase } = await load('../src/server/db/pglite-database.ts');
const { openPostgresDatabase } = await load('../src/server/db/postgres-database.ts');
const { startPostgresServer } = await load('../tests/support/postgres-server.ts');

async function openDatabase(kind) {
  if (kind === 'pglite') {
    const db = await openPgliteDatabase(undefined);
    await migrate(db);
    return { db, stop: () => {} };
  }
  const server = await startPostgresServer();
  const setup = await openPostgresDatabase(server.url());
  await migrate(setup);
  await setup.close();
  // The server's own limits, as in production.
  const db = await openPostgresDatabase(server.url(), { timeouts: { statementMs: 5_000, connectMs: 3_000 } });
  return { db, stop: () => server.stop() };
}

let serverErrors = 0;
let unanswered = 0;
const summary = [];
for (const kind of databases) {
  const { db, stop } = await openDatabase(kind);
  const fuzzApp = await startFuzzApp(db);
  try {
    const routes = new Set(fuzzApp.target.routes.map((r) => `${r.method} ${r.url}`));
    console.log(`\n=== ${kind}: ${requests} requests, seed ${seed}, over ${routes.size} routes`);
    const started = performance.now();
    const report = await runFuzz(fuzzApp.target, {
      seed,
      requests,
      concurrency: Number(values.concurrency),
      only: values.only?.split(',').map(Number),
      onProgress: (done) => {
        if (done % 1000 === 0) process.stdout.write(`  ${done} sent\n`);
      },
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const classes = Object.entries(report.byClass)
      .map(([name, count]) => `${name}: ${count}`)
      .join(', ');
    console.log(`${kind}: ${classes} (${seconds} s)`);
    if (values.routes) {
      for (const [route, counts] of Object.entries(report.byRoute).sort()) {
        console.log(
          `  ${route.padEnd(48)} ${Object.entries(counts)
            .map(([k, n]) => `${k} ${n}`)
            .join(', ')}`,
        );
      }
    }
    for (const failure of report.failures) console.log(describeFailure(failure, seed));
    console.log(`${kind}: error-level log lines: ${fuzzApp.errorLogs.length}`);
    for (const line of fuzzApp.errorLogs.slice(0, 5)) console.log(`    ${line.trim().slice(0, 400)}`);
    const fiveXx = report.byClass['5xx'] ?? 0;
    const lost = report.failures.filter((f) => !f.status).length;
    serverErrors += fiveXx;
    unanswered += lost;
    summary.push(`${kind}: ${fiveXx} × 5xx, ${lost} unanswered, ${fuzzApp.errorLogs.length} error log lines`);
  } finally {
    await fuzzApp.close();
    await db.close();
    stop();
  }
}
console.log(`\n${summary.join('\n')}\ntotal: ${serverErrors} × 5xx`);
process.exit(serverErrors + unanswered > 0 ? 1 : 0);
