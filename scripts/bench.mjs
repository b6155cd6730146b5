// `npm run bench`: the listing API under load against a 100,000-listing PostgreSQL database,
// next to the same SQL run directly, so the API's own overhead is visible (issue 4).
//
//   npm run bench -- [--listings 100000] [--duration 10] [--connections 50] [--staff-connections 5]
//                    [--only public|admin]
//
// The "admin listings" scenario signs in as staff and reads pages of the staff Listings
// screen (all listings, deep pages, search, filters), as a few staff members at once
// (--staff-connections); it reports p50, p95 and p99 (goal: p95 <= 100 ms).
//
// Starts a throwaway PostgreSQL 15 server (or uses BENCH_DATABASE_URL, which must point to
// an empty database it may fill), seeds synthetic listings, starts the app in its own
// process on loopback, as in production, and measures each scenario with autocannon from
// this one; everything is removed at the end.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';

const { values } = parseArgs({
  options: {
    listings: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    'staff-connections': { type: 'string', default: '5' },
    only: { type: 'string' },
  },
});
const LISTINGS = Number(values.listings);
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const STAFF_CONNECTIONS = Number(values['staff-connections']);
/** `--only public` or `--only admin` runs one group of scenarios. */
const ONLY = values.only;
if (ONLY !== undefined && ONLY !== 'public' && ONLY !== 'admin') throw new Error('--only takes public or admin');

const load = (file) => tsImport(file, import.meta.url);
const { startPostgresServer } = await load('../tests/support/postgres-server.ts');
const { openPostgresDatabase } = await load('../src/server/db/postgres-database.ts');
const { migrate } = await load('../src/server/db/migrate.ts');
const { listingSql } = await load('../src/server/modules/listings/repository.ts');
const { listingQuerySchema } = await load('../src/shared/listing-query.ts');
const { seedSyntheticListings } = await load('../src/server/seed/seed.ts');
const { adminListingCountSql, adminListingPageSql } = await load('../src/server/modules/admin-listings/repository.ts');
const { adminListingQuerySchema, ADMIN_LISTINGS_PAGE_SIZE } = await load('../src/shared/admin-listing-query.ts');

/** The three scenarios of the issue: a typical filtered query, a text search and a deep page. */
const SCENARIOS = [
  {
    name: 'filtered (property, 1M-5M, 3 bedrooms)',
    query: 'category=property&minPrice=1000000&maxPrice=5000000&bedrooms=3',
  },
  { name: 'text search (marketplace, "samsung")', query: 'category=product&q=samsung' },
  { name: 'deep page (marketplace, page 1000)', query: 'category=product&page=1000' },
];

/** Pages of the staff Listings screen (20 rows): what staff open, search and filter. */
const STAFF_PAGE = ADMIN_LISTINGS_PAGE_SIZE;
const ADMIN_SCENARIOS = [
  { name: 'all listings, page 1', query: 'status=all' },
  { name: 'all listings, page 2,500', query: `status=all&offset=${2499 * STAFF_PAGE}` },
  { name: 'all listings, last page', query: 'status=all&offset=last' },
  { name: 'search "samsung"', query: 'status=all&q=samsung' },
  { name: 'search "samsung", page 20', query: `status=all&q=samsung&offset=${19 * STAFF_PAGE}` },
  { name: 'search "nairobi" (most listings)', query: 'status=all&q=nairobi' },
  { name: 'category property, active', query: 'status=active&category=property' },
  { name: 'category product, inactive', query: 'status=inactive&category=product' },
  { name: 'inactive, search "nairobi"', query: 'status=inactive&q=nairobi' },
  { name: 'category business, page 500', query: `status=all&category=business&offset=${499 * STAFF_PAGE}` },
];
const STAFF_USER = { username: 'bench-admin', password: 'bench-admin-password-1' };

const ms = (n) => `${n.toFixed(1)} ms`;
const log = (...args) => console.log(...args);

function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * `connections` loops calling `once` for DURATION seconds; a call that throws counts as an
 * error. Returns req/s and latency percentiles (ms).
 */
async function measure(connections, once) {
  const latencies = [];
  const until = Date.now() + DURATION * 1000;
  let errors = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) {
        const started = performance.now();
        try {
          await once();
          latencies.push(performance.now() - started);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / DURATION,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors,
  };
}

/** The same statements the API runs, from a pool of `connections` clients, for the same time. */
async function direct(url, statements) {
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
  const result = await measure(CONNECTIONS, () => Promise.all(statements.map((s) => pool.query(s.text, s.values))));
  await pool.end();
  return result;
}

/** Logs the plans of a request's two statements, as PostgreSQL runs them. */
async function explain(db, sql) {
  for (const [label, statement] of [
    ['page', sql.page],
    ['count', sql.count],
  ]) {
    if (!statement) continue;
    const plan = await db.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${statement.text}`, statement.values);
    log(`--- EXPLAIN ANALYZE (${label}):`);
    for (const row of plan.rows) log(`    ${row['QUERY PLAN']}`);
  }
}

/** Signs in as the bench's staff account; returns the Cookie header to send. */
async function signIn(baseUrl) {
  const response = await fetch(`${baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(STAFF_USER),
  });
  if (!response.ok) throw new Error(`staff sign-in failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((c) => c.includes('sdh_session='));
  return cookie.split(';')[0];
}

/** `connections` staff members asking for the same page again and again. */
function staffLoad(url, cookie, connections) {
  return measure(connections, async () => {
    const response = await fetch(url, { headers: { cookie } });
    if (!response.ok) throw new Error(`${response.status}`);
    await response.arrayBuffer();
  });
}

async function api(baseUrl, query) {
  const result = await autocannon({
    url: `${baseUrl}/api/listings?${query}`,
    connections: CONNECTIONS,
    duration: DURATION,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** The app as `npm start` runs it in production, in its own process: the load comes from this one. */
async function startApp(databaseUrl, extraEnv = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sdh-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // The load comes from one address: the per-client limit would measure only itself.
      PUBLIC_RATE_LIMIT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (tries > 240) throw new Error('the app did not start in time');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    baseUrl,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const external = process.env.BENCH_DATABASE_URL;
const postgres = external ? null : await startPostgresServer();
const url = external ?? postgres.url('postgres');
let app;
let uncachedApp;
let db;
try {
  db = await openPostgresDatabase(url);
  await migrate(db);
  const { rows } = await db.query('SELECT count(*)::int AS n FROM listings');
  if (rows[0].n < LISTINGS) {
    log(`seeding ${LISTINGS - rows[0].n} listings...`);
    const started = performance.now();
    await seedSyntheticListings(db, LISTINGS - rows[0].n);
    log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  // Autovacuum keeps the visibility map current in production (index-only scans need it).
  // Right after a bulk load the first pass leaves it unset here; the second one sets it.
  await db.query('VACUUM (FREEZE, ANALYZE) listings');
  await db.query('VACUUM listings');
  const vis = await db.query("SELECT relpages, relallvisible FROM pg_class WHERE relname = 'listings'");
  log(`table pages: ${vis.rows[0].relpages}, all-visible: ${vis.rows[0].relallvisible}`);
  const counts = await db.query('SELECT category, count(*)::int AS n FROM listings GROUP BY 1 ORDER BY 1');
  log(`listings: ${counts.rows.map((r) => `${r.category} ${r.n}`).join(', ')}`);

  // As deployed (a search page and total are reused for 30 s), and with that cache off, so
  // every request reaches the database and the API's own cost shows next to the same SQL.
  app = await startApp(url, { ADMIN_USERNAME: STAFF_USER.username, ADMIN_PASSWORD: STAFF_USER.password });
  uncachedApp = await startApp(url, { SEARCH_CACHE_SECONDS: '0' });

  const results = [];
  for (const scenario of ONLY === 'admin' ? [] : SCENARIOS) {
    const parsed = listingQuerySchema.parse(Object.fromEntries(new URLSearchParams(scenario.query)));
    const sql = listingSql(parsed);
    log(`\n=== ${scenario.name}: GET /api/listings?${scenario.query}`);
    await explain(db, sql);
    // Warm up both paths so the first measurement does not pay for cold caches.
    for (const { baseUrl } of [app, uncachedApp]) {
      await autocannon({ url: `${baseUrl}/api/listings?${scenario.query}`, connections: 10, duration: 2 });
    }
    const viaApi = await api(app.baseUrl, scenario.query);
    const viaUncachedApi = await api(uncachedApp.baseUrl, scenario.query);
    const viaSql = await direct(url, [sql.page, sql.count]);
    const viaPageSql = await direct(url, [sql.page]);
    results.push({ scenario: scenario.name, viaApi, viaUncachedApi, viaSql, viaPageSql });
    log(
      `API:        ${viaApi.rps.toFixed(0)} req/s, p50 ${ms(viaApi.p50)}, p99 ${ms(viaApi.p99)}, errors ${viaApi.errors}`,
    );
    log(
      `API, no search cache: ${viaUncachedApi.rps.toFixed(0)} req/s, p50 ${ms(viaUncachedApi.p50)}, p99 ${ms(viaUncachedApi.p99)}, errors ${viaUncachedApi.errors}`,
    );
    log(
      `direct SQL, page + count: ${viaSql.rps.toFixed(0)} req/s, p50 ${ms(viaSql.p50)}, p99 ${ms(viaSql.p99)}, errors ${viaSql.errors}`,
    );
    log(
      `direct SQL, page only:    ${viaPageSql.rps.toFixed(0)} req/s, p50 ${ms(viaPageSql.p50)}, p99 ${ms(viaPageSql.p99)}, errors ${viaPageSql.errors}`,
    );
  }

  // The staff Listings screen: some listings are inactive in a real catalogue.
  await db.query('UPDATE listings SET is_active = false WHERE abs(hashtext(id::text)) % 20 = 0');
  await db.query('VACUUM (ANALYZE) listings');
  const cookie = await signIn(app.baseUrl);
  const { rows: all } = await db.query('SELECT count(*)::int AS n FROM listings');
  const staffResults = [];
  for (const scenario of ONLY === 'public' ? [] : ADMIN_SCENARIOS) {
    const query = scenario.query.replace(
      'offset=last',
      `offset=${Math.floor((all[0].n - 1) / STAFF_PAGE) * STAFF_PAGE}`,
    );
    const fullQuery = `${query}&limit=${STAFF_PAGE}`;
    const parsed = adminListingQuerySchema.parse(Object.fromEntries(new URLSearchParams(fullQuery)));
    const count = adminListingCountSql(parsed);
    const matches = (await db.query(count.text, count.values)).rows[0].n;
    const sql = { count, page: adminListingPageSql(parsed, matches) };
    log(`\n=== admin listings, ${scenario.name}: GET /api/admin/listings?${fullQuery}`);
    await explain(db, sql);
    const target = `${app.baseUrl}/api/admin/listings?${fullQuery}`;
    const warm = await fetch(target, { headers: { cookie } });
    if (!warm.ok) throw new Error(`GET ${target} answered ${warm.status}: ${await warm.text()}`);
    const { total } = await warm.json();
    const result = await staffLoad(target, cookie, STAFF_CONNECTIONS);
    staffResults.push({ scenario: scenario.name, total, ...result });
    log(
      `staff API (${total} matches): ${result.rps.toFixed(0)} req/s, p50 ${ms(result.p50)}, p95 ${ms(result.p95)}, p99 ${ms(result.p99)}, errors ${result.errors}`,
    );
  }

  log(
    `\n=== summary: ${LISTINGS} listings, ${CONNECTIONS} connections, ${DURATION} s per run, PostgreSQL 15 on loopback`,
  );
  log('(API: as deployed, reusing a search page and total for 30 s; no cache: SEARCH_CACHE_SECONDS=0)');
  log(
    '| scenario | API req/s | p50 | p99 | API, no cache, req/s | p50 | p99 | SQL page+count req/s | p50 | p99 | no-cache API / SQL |',
  );
  log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const { scenario, viaApi, viaUncachedApi, viaSql } of results) {
    const row = (r) => `${r.rps.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p99)}`;
    log(
      `| ${scenario} | ${row(viaApi)} | ${row(viaUncachedApi)} | ${row(viaSql)} | ${((viaUncachedApi.rps / viaSql.rps) * 100).toFixed(0)}% |`,
    );
  }
  log(
    'direct SQL, page query only (what the cached API saves on a total): ' +
      results.map((r) => `${r.scenario}: ${r.viaPageSql.rps.toFixed(0)} req/s, p99 ${ms(r.viaPageSql.p99)}`).join('; '),
  );
  log('goals: p99 <= 50 ms at 50 connections; API >= 50% of direct SQL throughput');
  if (staffResults.length > 0) {
    log(
      `\n=== admin listings: signed-in staff, ${STAFF_CONNECTIONS} at once, ${DURATION} s per page, ${STAFF_PAGE} rows a page`,
    );
    log('| page | matches | req/s | p50 | p95 | p99 | errors |');
    log('|---|---|---|---|---|---|---|');
    for (const r of staffResults) {
      log(
        `| ${r.scenario} | ${r.total} | ${r.rps.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${r.errors} |`,
      );
    }
    const worst = Math.max(...staffResults.map((r) => r.p95));
    log(`goal: p95 <= 100 ms on every page; worst p95 ${ms(worst)} (${worst <= 100 ? 'met' : 'NOT met'})`);
  }
} finally {
  await app?.stop();
  await uncachedApp?.stop();
  await db?.close();
  postgres?.stop();
}
