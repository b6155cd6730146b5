// `npm run bench`: the listing API under load against a 100,000-listing PostgreSQL database,
// next to the same SQL run directly, so the API's own overhead is visible.
//
//   npm run bench -- [--listings 100000] [--duration 10] [--connections 50] [--staff-connections 5]
//                    [--audit-entries 100000] [--scenario load|cold-search|visitors|admin|audit|ingest|analytics|outage ...]
//                    [--only public|admin|leads] [--visitors 500] [--visitors-duration 60] [--database both|postgres|pglite]
//                    [--cpu-profile DIR] [--saved-searches 100000] [--publish 300] [--subscribers 100000] [--busy]
//
// Scenarios (all of them without --scenario; repeat it or separate names with commas):
// - "load": a filtered query, a text search and a deep page from 50 connections, through
//   the API (as deployed and with its search cache off) and as the same SQL run directly.
// - "cold-search": 1,000 distinct searches drawn from the seeded listings (one word, two
//   words in any order, the beginning of a word, a word with a typo) of the app with its
//   search cache off, one at a time and then in turn from 50 connections for --duration
//   seconds (with the server's CPU per search, app and PostgreSQL, and the share of typed
//   words whose near words the server kept from an earlier search); the slowest is explained.
// - "visitors": the public site as many people use it at once: --visitors visitors (500 by
//   default) for --visitors-duration seconds (60), each one keep-alive connection in a closed
//   loop with 0.5-1.5 s of think time (scripts/lib/visitors-load.mjs says why), asking for the
//   page mix: the home page, category pages bare, with filters, with words and with both,
//   listing pages, the blog and its posts, and API searches; a third in Somali. Against the
//   built server (`npm run build` first) on PostgreSQL and on the embedded database as `npm
//   start` runs it (--database), both at --listings listings; the load generator on core 0,
//   the server (and PostgreSQL) on core 1 (`taskset`). Per page kind: requests, answered,
//   refused (503), errors, unanswered (no answer within 10 s), p50/p95/p99 of the answered.
//   Health and readiness are probed meanwhile on PROBE_PORT and on the server's own port, and
//   metrics; the server's memory (RSS) and CPU per request are printed. Goals: no errors, none
//   unanswered, <= 5 % refused, p99 of the answered <= 1 s; PROBE_PORT's probes within 100 ms.
// - "admin": signs in as staff and reads pages of the staff Listings screen (all listings,
//   deep pages, search, filters), as a few staff members at once (--staff-connections);
//   p50, p95 and p99 (goal: p95 <= 100 ms).
// - "audit": fills the audit log with --audit-entries entries (20 people, every action, over
//   400 days) and reads pages of the Audit Log screen by person, action and dates, as a few
//   admins at once; p50, p95 and p99 (goal: p95 <= 100 ms).
// - "ingest": lead events (views, taps) posted to /api/leads at 2,000 a second from many
//   visitors (addresses through TRUST_PROXY), while 50 connections read the listing API; p99 of
//   both (goals: ingest p99 <= 20 ms; the listing API keeps p99 <= 50 ms).
// - "analytics": seeds 10 million lead events over the past year (generate_series), builds
//   the daily roll-ups from them, then asks the Analytics figures for 30 days, 90 days and the
//   year as signed-in staff; p50, p95, p99 (goal: p95 <= 200 ms).
// - "outage": the PostgreSQL server stops under the running app and starts again: how long
//   /api/ready takes to answer 503, what a page answers meanwhile, and how long after the
//   database is back readiness answers 200 again, without a restart.
// - "alerts": seeds --saved-searches saved searches (varied: words, a typo now and then, price,
//   rooms, place, type; scripts/lib/alerts-bench.ts), publishes --publish listings one at a
//   time, each finding its matching searches and queuing the instant messages as staff
//   publishing does: p50/p95/p99 (goal: p95 <= 50 ms); then times the daily run with every
//   search daily and a new match each (goal: under 5 minutes for 100,000 subscribers). On
//   --database (PostgreSQL 15 and the embedded PGlite by default), each its own; no app.
// - "newsletter": --subscribers confirmed subscribers and a week of new listings and posts,
//   then times the weekly digest's run (scripts/lib/newsletter-bench.ts); on --database, no app.
// `--cpu-profile DIR` has each app the bench starts write a V8 CPU profile of each of its
// threads into DIR when it stops (open it in Chrome's DevTools, Performance tab): where the
// server's time goes under the load.
// `--busy` keeps one core busy for the whole run, as other work on a shared machine does: a
// figure that holds only on an idle machine is not met.
// `--only public` is short for load and cold-search, `--only admin` for admin and audit, `--only leads`
// for ingest and analytics.
//
// Starts a throwaway PostgreSQL 15 server (or uses BENCH_DATABASE_URL, which must point to
// an empty database it may fill), seeds synthetic listings, starts the app in its own
// process on loopback, as in production (the build: run `npm run build` first), and measures each scenario from this one;
// everything is removed at the end.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';

/** The embedded server's memory goal right after start, idle (whole process, in MB). */
const EMBEDDED_IDLE_RSS_MB = 300;
/** What the visitors scenario probes during the load: on PROBE_PORT (goal: within 100 ms), and on the server's own port. */
const PROBED = [
  { port: 'probe', path: '/api/health' },
  { port: 'probe', path: '/api/ready' },
  { port: 'server', path: '/api/health' },
  { port: 'server', path: '/api/ready' },
  { port: 'server', path: '/metrics' },
];

/** Page kinds of the visitors scenario, in the order they are printed, each with its share of the requests. */
const VISITOR_KINDS = [
  ['home', 0.1],
  ['category', 0.1],
  ['category, filters', 0.1],
  ['category, words', 0.1],
  ['category, filters and words', 0.05],
  ['listing', 0.3],
  ['blog', 0.1],
  ['API search', 0.15],
];

/** The visitors scenario's visitors think this long (uniformly, ms) between an answer and their next request. */
const VISITOR_THINK_MS = [500, 1_500];
/** A visitor gives up on a request after this long: it counts as unanswered. */
const VISITOR_TIMEOUT_MS = 10_000;
/** The visitors scenario prints its figures again for each stretch of this many seconds. */
const VISITOR_WINDOW_S = 10;
/** The visitors scenario's goals: refused share, and p99 of the answered requests. */
const VISITOR_REFUSED_SHARE = 0.05;
const VISITOR_P99_MS = 1_000;

const { values } = parseArgs({
  options: {
    listings: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    'staff-connections': { type: 'string', default: '5' },
    'audit-entries': { type: 'string', default: '100000' },
    scenario: { type: 'string', multiple: true },
    only: { type: 'string' },
    'ingest-rate': { type: 'string', default: '2000' },
    events: { type: 'string', default: '10000000' },
    visitors: { type: 'string', default: '500' },
    'visitors-duration': { type: 'string', default: '60' },
    database: { type: 'string', default: 'both' },
    'cpu-profile': { type: 'string' },
    'saved-searches': { type: 'string', default: '100000' },
    publish: { type: 'string', default: '300' },
    subscribers: { type: 'string', default: '100000' },
    busy: { type: 'boolean' },
  },
});
/** The scenarios to run, in the order they run: admin after the public ones, as it deactivates some listings. */
const SCENARIO_NAMES = [
  'load',
  'cold-search',
  'visitors',
  'admin',
  'audit',
  'ingest',
  'analytics',
  'outage',
  'alerts',
  'newsletter',
];
const GROUPS = { public: ['load', 'cold-search'], admin: ['admin', 'audit'], leads: ['ingest', 'analytics'] };
function refuse(message) {
  console.error(`npm run bench: ${message}`);
  process.exit(2);
}
const asked = (values.scenario ?? []).flatMap((v) => v.split(',')).map((v) => v.trim());
for (const name of asked) {
  if (!SCENARIO_NAMES.includes(name)) refuse(`--scenario takes ${SCENARIO_NAMES.join(', ')}, not "${name}"`);
}
if (values.only !== undefined) {
  if (!Object.hasOwn(GROUPS, values.only)) refuse(`--only takes public, admin or leads, not "${values.only}"`);
  asked.push(...GROUPS[values.only]);
}
const RUN = new Set(asked.length > 0 ? asked : SCENARIO_NAMES);
// --busy: a process that spins on one core until the bench ends.
const busy = values.busy ? spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }) : null;
busy?.unref();
process.on('exit', () => busy?.kill());
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
const LISTINGS = Number(values.listings);
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const STAFF_CONNECTIONS = Number(values['staff-connections']);
const VISITORS = Number(values.visitors);
const VISITORS_DURATION = Number(values['visitors-duration']);
if (!['both', 'postgres', 'pglite'].includes(values.database)) {
  refuse(`--database takes both, postgres or pglite, not "${values.database}"`);
}
/** The databases the visitors scenario runs on (the other scenarios use PostgreSQL). */
const VISITOR_DATABASES = values.database === 'both' ? ['postgres', 'pglite'] : [values.database];
/** Where each started app writes its CPU profiles, if asked (--cpu-profile). */
const CPU_PROFILE_DIR = values['cpu-profile'] ? path.resolve(values['cpu-profile']) : undefined;
const AUDIT_ENTRIES = Number(values['audit-entries']);
if (!Number.isInteger(AUDIT_ENTRIES) || AUDIT_ENTRIES < 1 || AUDIT_ENTRIES > 10_000_000) {
  refuse('--audit-entries takes a whole number from 1 to 10,000,000');
}

// The app runs as `npm start` does, from the build: its pages are rendered by the built bundle.
const BUILT_SERVER = 'dist/server/server.js';
if (!existsSync(BUILT_SERVER)) refuse(`${BUILT_SERVER} is missing: run \`npm run build\` first`);
const INGEST_RATE = Number(values['ingest-rate']);
const EVENTS = Number(values.events);

const load = (file) => tsImport(file, import.meta.url);
const { startPostgresServer } = await load('../tests/support/postgres-server.ts');
const { openPostgresDatabase, SESSION_OPTIONS } = await load('../src/server/db/postgres-database.ts');
const { migrate } = await load('../src/server/db/migrate.ts');
const { leadsRepository } = await load('../src/server/modules/leads/repository.ts');
const { rangeBounds } = await load('../src/shared/analytics.ts');
const { wholeDays } = await load('../src/server/modules/leads/analytics.ts');
const { listingSql, searchSql } = await load('../src/server/modules/listings/repository.ts');
const { listingQuerySchema } = await load('../src/shared/listing-query.ts');
const { seedLaunchContent, seedSyntheticListings } = await load('../src/server/seed/seed.ts');
const { runSeed } = await load('../src/server/seed/seed-command.ts');
const { openDatabase } = await load('../src/server/db/open-database.ts');
const { createLocalDiskStorage } = await load('../src/server/storage/local-disk-storage.ts');
const { resolveSearch } = await load('../src/server/modules/listings/search.ts');
const { searchWords } = await load('../src/shared/listing-search.ts');
const { adminListingCountSql, adminListingPageSql } = await load('../src/server/modules/admin-listings/repository.ts');
const { adminListingQuerySchema, ADMIN_LISTINGS_PAGE_SIZE } = await load('../src/shared/admin-listing-query.ts');
const { auditPageSql } = await load('../src/server/modules/audit/repository.ts');
const { AUDIT_ACTIONS, AUDIT_PAGE_SIZE, auditQuerySchema } = await load('../src/shared/audit.ts');

/** The ingest scenario reads its app's GC figures with this. */
const INGEST_METRICS_TOKEN = randomBytes(16).toString('hex');

/** The cold-search scenario: this many distinct searches, a quarter of each kind. */
const COLD_SEARCHES = 1_000;
const SEARCH_KINDS = ['one word', 'two words', 'beginning', 'typo'];

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
if (busy) log('--busy: one core kept busy for the whole run');

function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * The one measuring loop: `connections` loops calling `once(i)` (i numbers the calls) for
 * DURATION seconds, or until `calls` calls when given. A call that throws counts as an
 * error. Returns req/s, latency percentiles (ms), the first error, and each call that
 * answered (`samples`: its number, time and answer).
 */
async function measure(connections, once, { calls } = {}) {
  const samples = [];
  const started = performance.now();
  const until = Date.now() + DURATION * 1000;
  let next = 0;
  const more = calls === undefined ? () => Date.now() < until : () => next < calls;
  let errors = 0;
  let firstError;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (more()) {
        const i = next++;
        const callStarted = performance.now();
        try {
          const answer = await once(i);
          samples.push({ i, ms: performance.now() - callStarted, answer });
        } catch (error) {
          errors += 1;
          firstError ??= error;
        }
      }
    }),
  );
  const latencies = samples.map((s) => s.ms).sort((a, b) => a - b);
  return {
    rps: samples.length / ((performance.now() - started) / 1000),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1),
    errors,
    firstError,
    samples,
  };
}

/**
 * The statements the API runs for a query: without a search, the page and the count (in
 * parallel); with one, in a transaction, the probe then the page with its total.
 */
async function querySql(database, parsed) {
  const plan = await resolveSearch(database, parsed.q, parsed.category);
  if (!plan) {
    const sql = listingSql(parsed);
    return {
      statements: [
        ['page', sql.page],
        ['count', sql.count],
      ],
      run: (client) => Promise.all([sql.page, sql.count].map((s) => client.query(s.text, s.values))),
      runPage: (client) => client.query(sql.page.text, sql.page.values),
    };
  }
  const sql = searchSql(parsed, plan);
  const run = (client) => client.query(prepared(sql.read, sql.prepared));
  return { search: sql, run, runPage: run };
}

/** A statement the app prepares gets a name here too, one per text. */
const statementNames = new Map();
function prepared(statement, named) {
  if (!named) return statement;
  if (!statementNames.has(statement.text)) statementNames.set(statement.text, `bench_${statementNames.size}`);
  return { name: statementNames.get(statement.text), text: statement.text, values: statement.values };
}

/** Logs the plan of one statement, as PostgreSQL runs it. */
async function explainStatement(queryable, label, statement) {
  const plan = await queryable.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${statement.text}`, statement.values);
  log(`--- EXPLAIN ANALYZE (${label}):`);
  for (const row of plan.rows) log(`    ${row['QUERY PLAN']}`);
}

/**
 * EXPLAIN ANALYZE of what the API runs; a search without filters as the generic plan each
 * connection keeps after its first five.
 */
async function explain(database, parsed) {
  const { statements, search } = await querySql(database, parsed);
  await database.transaction(async (tx) => {
    const show = (label, statement) => explainStatement(tx, label, statement);
    if (!search) {
      for (const [label, statement] of statements) await show(label, statement);
      return;
    }
    const { read } = search;
    const { rows } = await tx.query(read.text, read.values);
    const way = rows[0].scanned_newest ? 'scanning the newest listings' : 'from the word index';
    if (!search.prepared) {
      await show(`page and total (${way})`, read);
      return;
    }
    await tx.query("SELECT set_config('plan_cache_mode', 'force_generic_plan', true)");
    await tx.query(`PREPARE bench_explained AS ${read.text}`);
    const values = read.values.map((value) => pg.escapeLiteral(String(value))).join(', ');
    await show(`page and total (${way}, generic plan)`, { text: `EXECUTE bench_explained(${values})`, values: [] });
    await tx.query('DEALLOCATE bench_explained');
  });
}

/** The same SQL the API runs (`run(client)`), from a pool of `connections` clients, for the same time. */
async function direct(url, run) {
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS, options: SESSION_OPTIONS });
  const result = await measure(CONNECTIONS, async () => {
    const client = await pool.connect();
    try {
      await run(client);
    } finally {
      client.release();
    }
  });
  await pool.end();
  return result;
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

/**
 * The built app (as `npm start` runs it) in its own process, in production on PostgreSQL
 * (`databaseUrl`), or, without one, on the embedded database in development with the demo
 * content; the load comes from this process.
 */
async function startApp(
  databaseUrl,
  extraEnv = {},
  { dataDir = mkdtempSync(path.join(tmpdir(), 'sdh-bench-')), cpu } = {},
) {
  const port = await freePort();
  const { NODE_ENV: _inherited, ...env } = process.env;
  const node = [
    process.execPath,
    '--enable-source-maps',
    // As `npm start` runs it (package.json; docs/operations.md, Memory).
    '--max-semi-space-size=4',
    '--single-threaded-gc',
    ...(CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROFILE_DIR}`] : []),
    BUILT_SERVER,
  ];
  // On one core of its own when asked (`cpu`), as the visitors scenario measures it.
  const [command, ...args] = cpu === undefined ? node : ['taskset', '-c', String(cpu), ...node];
  const child = spawn(command, args, {
    env: {
      ...env,
      ...(databaseUrl ? { NODE_ENV: 'production', DATABASE_URL: databaseUrl, MAIL_DELIVERY: 'outbox' } : {}),
      // As `npm start` runs it (scripts/start.mjs).
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '131072',
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
    if (tries > 480) throw new Error('the app did not start in time');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    baseUrl,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

if (RUN.has('alerts')) {
  const { alertsBench } = await load('./lib/alerts-bench.ts');
  await alertsBench(log, {
    databases: VISITOR_DATABASES,
    searches: Number(values['saved-searches']),
    publish: Number(values.publish),
  });
}

if (RUN.has('newsletter')) {
  const { newsletterBench } = await load('./lib/newsletter-bench.ts');
  await newsletterBench(log, { databases: VISITOR_DATABASES, subscribers: Number(values.subscribers) });
}

const NEEDS_POSTGRES =
  ['load', 'cold-search', 'admin', 'audit', 'ingest', 'analytics', 'outage'].some((name) => RUN.has(name)) ||
  (RUN.has('visitors') && VISITOR_DATABASES.includes('postgres'));
const external = process.env.BENCH_DATABASE_URL;
const postgres = external || !NEEDS_POSTGRES ? null : await startPostgresServer();
const url = external ?? postgres?.url('postgres');
let app;
let uncachedApp;
let ingestApp;
let db;
try {
  if (NEEDS_POSTGRES) await preparePostgres();
  if (RUN.has('visitors')) {
    for (const database of VISITOR_DATABASES) await visitorsScenario(database);
  }
  if (RUN.has('admin')) await adminListings(db, app.baseUrl);
  if (RUN.has('audit')) await auditLog(db, app.baseUrl);
  if (RUN.has('ingest')) {
    // One proxy hop trusted: each event comes "from" its own visitor address, as behind a load balancer.
    ingestApp = await startApp(url, { TRUST_PROXY: '1', METRICS_TOKEN: INGEST_METRICS_TOKEN });
    await ingest(db, ingestApp);
  }
  if (RUN.has('analytics')) await analytics(db, app.baseUrl);
  if (RUN.has('outage')) await outage();
} finally {
  await ingestApp?.stop();
  await app?.stop();
  await uncachedApp?.stop();
  await db?.close();
  postgres?.stop();
}

/**
 * The database server stops under a running app and starts again (the bench's own server
 * only): readiness probed every 100 ms, a page asked while it is down.
 */
async function outage() {
  log('\n=== outage: the PostgreSQL server stops under the running app, then starts again');
  if (!postgres) {
    log('skipped: BENCH_DATABASE_URL names a server the bench may not stop');
    return;
  }
  // Every request during the outage logs its cause: the figures are the point here.
  const server = await startApp(url, { LOG_LEVEL: 'fatal' });
  const status = (p) =>
    fetch(`${server.baseUrl}${p}`, { signal: AbortSignal.timeout(5_000) }).then(
      async (response) => {
        await response.arrayBuffer();
        return response.status;
      },
      () => 'no answer',
    );
  const until = async (want) => {
    const started = performance.now();
    while ((await status('/api/ready')) !== want) {
      if (performance.now() - started > 60_000) throw new Error(`/api/ready never answered ${want}`);
      await sleep(100);
    }
    return performance.now() - started;
  };
  try {
    await until(200);
    postgres.halt();
    const toUnready = await until(503);
    const pageStarted = performance.now();
    const page = await status('/marketplace');
    const pageMs = performance.now() - pageStarted;
    const health = await status('/api/health');
    postgres.start();
    const toReady = await until(200);
    const after = await status('/marketplace');
    log(
      `database stopped: /api/ready 503 after ${ms(toUnready)}; /marketplace meanwhile ${page} in ${ms(pageMs)}; ` +
        `/api/health ${health}; database back: /api/ready 200 after ${ms(toReady)}, /marketplace ${after}`,
    );
  } finally {
    await server.stop();
  }
}

/** Fills the PostgreSQL database and starts the apps; runs the scenarios that need only it. */
async function preparePostgres() {
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
  // The deployed one also creates the bench's staff account, for the admin scenario.
  if (RUN.has('load') || RUN.has('admin') || RUN.has('audit') || RUN.has('analytics')) {
    app = await startApp(url, { ADMIN_USERNAME: STAFF_USER.username, ADMIN_PASSWORD: STAFF_USER.password });
  }
  if (RUN.has('load') || RUN.has('cold-search')) uncachedApp = await startApp(url, { SEARCH_CACHE_SECONDS: '0' });

  if (RUN.has('load')) await loadScenarios(db, url, app.baseUrl, uncachedApp.baseUrl);
  if (RUN.has('cold-search')) await coldSearch(db, uncachedApp.baseUrl, uncachedApp.pid);
}

/** The three public scenarios through both apps and as the same SQL run directly, then a summary. */
async function loadScenarios(database, databaseUrl, baseUrl, uncachedBaseUrl) {
  const results = [];
  for (const scenario of SCENARIOS) {
    const parsed = listingQuerySchema.parse(Object.fromEntries(new URLSearchParams(scenario.query)));
    const sql = await querySql(database, parsed);
    log(`\n=== ${scenario.name}: GET /api/listings?${scenario.query}`);
    await explain(database, parsed);
    // Warm up both paths so the first measurement does not pay for cold caches.
    for (const base of [baseUrl, uncachedBaseUrl]) {
      await autocannon({ url: `${base}/api/listings?${scenario.query}`, connections: 10, duration: 2 });
    }
    const viaApi = await api(baseUrl, scenario.query);
    const viaUncachedApi = await api(uncachedBaseUrl, scenario.query);
    const viaSql = await direct(databaseUrl, sql.run);
    const viaPageSql = await direct(databaseUrl, sql.runPage);
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
  summarise(results);
}

function summarise(results) {
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

/**
 * Staff pages read again and again: each page is explained (`explain()`), fetched once, then
 * asked by STAFF_CONNECTIONS signed-in staff at once for DURATION s; then a summary table and
 * the goal (p95 <= 100 ms on every page).
 */
async function measureStaffPages(baseUrl, cookie, what, pages, heading) {
  const results = [];
  for (const page of pages) {
    log(`\n=== ${what}, ${page.name}: GET ${page.path}`);
    await page.explain();
    const target = `${baseUrl}${page.path}`;
    const warm = await fetch(target, { headers: { cookie } });
    if (!warm.ok) throw new Error(`GET ${target} answered ${warm.status}: ${await warm.text()}`);
    const { total } = await warm.json();
    const result = await measure(STAFF_CONNECTIONS, async () => {
      const response = await fetch(target, { headers: { cookie } });
      if (!response.ok) throw new Error(`${response.status}`);
      await response.arrayBuffer();
    });
    results.push({ name: page.name, total, ...result });
    log(
      `staff API (${total} matches): ${result.rps.toFixed(0)} req/s, p50 ${ms(result.p50)}, p95 ${ms(result.p95)}, p99 ${ms(result.p99)}, errors ${result.errors}`,
    );
  }
  log(`\n=== ${what}: ${heading}`);
  log('| page | matches | req/s | p50 | p95 | p99 | errors |');
  log('|---|---|---|---|---|---|---|');
  for (const r of results) {
    log(`| ${r.name} | ${r.total} | ${r.rps.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${r.errors} |`);
  }
  const worst = Math.max(...results.map((r) => r.p95));
  log(`goal: p95 <= 100 ms on every page; worst p95 ${ms(worst)} (${worst <= 100 ? 'met' : 'NOT met'})`);
}

/**
 * The staff Listings screen: each page of ADMIN_SCENARIOS explained, then asked again and
 * again by STAFF_CONNECTIONS signed-in staff members at once.
 */
async function adminListings(database, baseUrl) {
  // Some listings are inactive in a real catalogue.
  await database.query('UPDATE listings SET is_active = false WHERE abs(hashtext(id::text)) % 20 = 0');
  await database.query('VACUUM (ANALYZE) listings');
  const cookie = await signIn(baseUrl);
  const { rows: all } = await database.query('SELECT count(*)::int AS n FROM listings');
  const pages = ADMIN_SCENARIOS.map((scenario) => {
    const query = scenario.query.replace(
      'offset=last',
      `offset=${Math.floor((all[0].n - 1) / STAFF_PAGE) * STAFF_PAGE}`,
    );
    const fullQuery = `${query}&limit=${STAFF_PAGE}`;
    const explain = async () => {
      const parsed = adminListingQuerySchema.parse(Object.fromEntries(new URLSearchParams(fullQuery)));
      const count = adminListingCountSql(parsed);
      const matches = (await database.query(count.text, count.values)).rows[0].n;
      await explainStatement(database, 'count', count);
      const page = adminListingPageSql(parsed, matches);
      if (page) await explainStatement(database, 'page', page);
      else log('--- no page statement: the offset lies past the last match');
    };
    return { name: scenario.name, path: `/api/admin/listings?${fullQuery}`, explain };
  });
  await measureStaffPages(
    baseUrl,
    cookie,
    'admin listings',
    pages,
    `signed-in staff, ${STAFF_CONNECTIONS} at once, ${DURATION} s per page, ${STAFF_PAGE} rows a page`,
  );
}

/**
 * The Audit Log screen: AUDIT_ENTRIES entries written straight into the table (20 people,
 * every action, spread over 400 days, a few changes each), then each filter explained and
 * asked again and again by STAFF_CONNECTIONS signed-in admins at once.
 */
async function auditLog(database, baseUrl) {
  const { rows: had } = await database.query('SELECT count(*)::int AS n FROM audit_log');
  const missing = AUDIT_ENTRIES - had[0].n;
  if (missing > 0) {
    log(`\nwriting ${missing} audit entries...`);
    const started = performance.now();
    await database.query(
      `INSERT INTO audit_log (at, actor_id, actor_username, address, action, entity_type, entity_id, entity_title, changes)
       SELECT now() - (i * (400.0 / $1)) * interval '1 day',
              ('00000000-0000-4000-8000-' || lpad((i % 20)::text, 12, '0'))::uuid,
              'bench-staff-' || (i % 20),
              '192.0.2.' || (i % 250),
              ($2::text[])[1 + (i * 7) % cardinality($2::text[])],
              'listing', gen_random_uuid()::text, 'Listing ' || i,
              jsonb_build_object('price', jsonb_build_object('from', i, 'to', i + 100))
       FROM generate_series(1, $1) AS i`,
      [missing, AUDIT_ACTIONS],
    );
    await database.query('VACUUM (ANALYZE) audit_log');
    log(`written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const cookie = await signIn(baseUrl);
  const person = '00000000-0000-4000-8000-000000000007';
  const day = (daysAgo) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const month = `from=${day(60)}&to=${day(30)}`;
  const scenarios = [
    { name: 'everything, page 1', query: '' },
    { name: 'one person', query: `actor=${person}` },
    { name: 'one action', query: 'action=listing.update' },
    { name: 'one person, one action', query: `actor=${person}&action=listing.update` },
    { name: 'a month', query: month },
    { name: 'one person, one action, a month', query: `actor=${person}&action=listing.update&${month}` },
    { name: 'one person, page 40', query: `actor=${person}&offset=${39 * AUDIT_PAGE_SIZE}` },
  ];
  const pages = scenarios.map((scenario) => {
    const fullQuery = `${scenario.query}${scenario.query ? '&' : ''}limit=${AUDIT_PAGE_SIZE}`;
    const explain = async () => {
      const sql = auditPageSql(auditQuerySchema.parse(Object.fromEntries(new URLSearchParams(fullQuery))));
      await explainStatement(database, 'count', sql.count);
      await explainStatement(database, 'page', sql.page);
    };
    return { name: scenario.name, path: `/api/admin/audit?${fullQuery}`, explain };
  });
  await measureStaffPages(
    baseUrl,
    cookie,
    'audit log',
    pages,
    `${AUDIT_ENTRIES} entries, signed-in admins, ${STAFF_CONNECTIONS} at once, ${DURATION} s per filter, ${AUDIT_PAGE_SIZE} entries a page`,
  );
}

/** mulberry32: the same pseudo-random numbers on every run, so runs ask the same searches. */
function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Searches a visitor could type, from what listings show (title and place): a word, two
 * words in either order, the beginning of a word (after a whole word, half the time), or a
 * word of five letters or more with one letter missing, added, wrong or swapped.
 */
async function coldSearchQueries(database) {
  const random = seededRandom(12);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const { rows } = await database.query(
    'SELECT category, title, location FROM listings WHERE is_active ORDER BY md5(id::text) LIMIT 5000',
  );
  const typo = (word) => {
    const i = 1 + Math.floor(random() * (word.length - 2));
    const letter = pick('abcdefghijklmnopqrstuvwxyz');
    const edits = [
      () => word.slice(0, i) + word.slice(i + 1),
      () => word.slice(0, i) + letter + word.slice(i),
      () => word.slice(0, i) + letter + word.slice(i + 1),
      () => word.slice(0, i - 1) + word[i] + word[i - 1] + word.slice(i + 1),
    ];
    return pick(edits)();
  };
  const searches = new Map();
  for (let n = 0; searches.size < COLD_SEARCHES && n < 100 * COLD_SEARCHES; n++) {
    const listing = pick(rows);
    const words = [...new Set(searchWords(`${listing.title} ${listing.location ?? ''}`))].filter((w) => w.length >= 3);
    const long = words.filter((w) => w.length >= 6 && /^\p{L}+$/u.test(w));
    const kind = SEARCH_KINDS[searches.size % SEARCH_KINDS.length];
    let q;
    if (kind === 'one word') q = pick(words);
    else if (kind === 'two words' && words.length >= 2) {
      const first = pick(words);
      q = `${first} ${pick(words.filter((w) => w !== first))}`;
    } else if (kind === 'beginning' && long.length > 0) {
      const word = pick(long);
      const start = word.slice(0, 3 + Math.floor(random() * (word.length - 3)));
      q = random() < 0.5 ? start : `${pick(words.filter((w) => w !== word))} ${start}`;
    } else if (kind === 'typo' && long.length > 0) q = typo(pick(long));
    if (q === undefined || q.includes('undefined')) continue;
    const key = `category=${listing.category}&${new URLSearchParams({ q })}`;
    if (!searches.has(key)) searches.set(key, { kind, query: key });
  }
  return [...searches.values()];
}

/** Each search once, one at a time, with the search cache off: the database answers every one. */
async function coldSearch(database, baseUrl, appPid) {
  const searches = await coldSearchQueries(database);
  log(`\n=== cold search: ${searches.length} distinct searches, search cache off (SEARCH_CACHE_SECONDS=0)`);
  /** Asks one search; answers its total. */
  const ask = async (query) => {
    const response = await fetch(`${baseUrl}/api/listings?${query}`);
    const body = await response.json();
    if (!response.ok) throw new Error(`${query}: ${response.status} ${JSON.stringify(body)}`);
    return body.total;
  };
  // Warm the connections (as many at once as the load below opens) and the server's own code,
  // not the answers: the first searches' words in the next category.
  const categories = ['product', 'property', 'business', 'visa'];
  const elsewhere = ({ query }) =>
    query.replace(/^category=(\w+)/, (_, c) => `category=${categories[(categories.indexOf(c) + 1) % 4]}`);
  const warm = await measure(CONNECTIONS, (i) => ask(elsewhere(searches[i])), { calls: 200 });
  if (warm.errors > 0) throw new Error(`${warm.errors} warm-up searches failed, the first: ${warm.firstError.message}`);
  const memoryBefore = await searchPlanCacheLookups(baseUrl);
  const one = await measure(1, (i) => ask(searches[i].query), { calls: searches.length });
  const memoryAfterOne = await searchPlanCacheLookups(baseUrl);
  if (one.errors > 0) throw new Error(`${one.errors} searches failed, the first: ${one.firstError.message}`);
  const timed = one.samples.map((sample) => ({ ...searches[sample.i], ms: sample.ms, total: sample.answer }));
  const sorted = (list) => list.map((t) => t.ms).sort((a, b) => a - b);
  const found = timed.filter((t) => t.total > 0).length;
  log(
    `concurrency 1: p50 ${ms(one.p50)}, p95 ${ms(one.p95)}, p99 ${ms(one.p99)}, ` +
      `max ${ms(one.max)}; found something: ${((found / timed.length) * 100).toFixed(1)}%; ` +
      keptShares(memoryBefore, memoryAfterOne),
  );
  for (const kind of SEARCH_KINDS) {
    const ofKind = timed.filter((t) => t.kind === kind);
    const share = ofKind.filter((t) => t.total > 0).length / ofKind.length;
    log(
      `  ${kind}: ${ofKind.length} searches, p50 ${ms(percentile(sorted(ofKind), 50))}, ` +
        `p95 ${ms(percentile(sorted(ofKind), 95))}, found something ${(share * 100).toFixed(1)}%`,
    );
  }

  // The same searches from 50 connections at once, in turn, for --duration seconds as the
  // bench's other loads (twice over the thousand took 4 s: a p99 of 20 answers); the server's
  // CPU per search moves little with other load on the machine, so it compares two versions best.
  let next = 0;
  const cpuBefore = {
    app: cpuMs(appPid),
    postgres: await postgresCpuMs(database),
    load: cpuMs(process.pid),
    machine: machineCpu(),
  };
  const run = autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      {
        setupRequest: (request) => ({ ...request, path: `/api/listings?${searches[next++ % searches.length].query}` }),
      },
    ],
  });
  const loaded = await run;
  const machineAfter = machineCpu();
  log(
    `${CONNECTIONS} connections for ${loaded.duration.toFixed(0)} s: ${(loaded.requests.total / loaded.duration).toFixed(0)} req/s, ` +
      `p50 ${ms(loaded.latency.p50)}, p99 ${ms(loaded.latency.p99)}, errors ${loaded.errors + loaded.non2xx + loaded.timeouts}; ` +
      keptShares(memoryAfterOne, await searchPlanCacheLookups(baseUrl)),
  );
  const cpuAfter = {
    app: cpuMs(appPid),
    postgres: await postgresCpuMs(database),
    load: cpuMs(process.pid),
    machine: machineAfter,
  };
  const perSearch = (side) => (cpuAfter[side] - cpuBefore[side]) / loaded.requests.total;
  if (cpuBefore.app !== undefined) {
    log(
      `server CPU per search: app ${perSearch('app').toFixed(2)} ms` +
        (cpuBefore.postgres === undefined ? '' : `, PostgreSQL ${perSearch('postgres').toFixed(2)} ms`),
    );
  }
  // A closed loop's latency is its connections over its throughput: whether the machine's
  // cores were the limit, and what the load generator (this process) took of them.
  if (cpuBefore.machine && cpuAfter.machine) {
    const busy = (cpuAfter.machine.busy - cpuBefore.machine.busy) / (cpuAfter.machine.all - cpuBefore.machine.all);
    log(
      `machine meanwhile: ${(busy * 100).toFixed(0)}% of ${availableParallelism()} cores busy (other work included); ` +
        `load generator ${perSearch('load').toFixed(2)} ms CPU per search`,
    );
  }

  const byTime = [...timed].sort((a, b) => b.ms - a.ms);
  log('\nslowest at concurrency 1:');
  for (const t of byTime.slice(0, 5)) log(`  ${ms(t.ms)}: ${t.kind} ${t.query}, total ${t.total}`);
  const slowest = byTime[0];
  await explain(database, listingQuerySchema.parse(Object.fromEntries(new URLSearchParams(slowest.query))));
  log(
    `goals: p95 <= ${LISTINGS >= 1_000_000 ? 60 : 30} ms at concurrency 1` +
      `${LISTINGS >= 1_000_000 ? '' : `, p99 <= 150 ms at ${CONNECTIONS} connections`}`,
  );
}

/**
 * Lead events at INGEST_RATE a second (80% views, 12% WhatsApp, 4% calls, 4% shares) on a
 * thousand listings from ever new visitors, while CONNECTIONS connections read a page of the
 * listing API; then how many events reached the database.
 */
async function ingest(database, { baseUrl, pid }) {
  const browser =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
  const { rows } = await database.query('SELECT id FROM listings WHERE is_active ORDER BY md5(id::text) LIMIT 1000');
  const ids = rows.map((r) => r.id);
  // 80% views, 12% WhatsApp taps, 4% calls, 4% shares.
  const kinds = [...Array(20).fill('view'), 'whatsapp', 'whatsapp', 'whatsapp', 'phone', 'share'];
  let n = 0;
  const event = () => {
    const i = n++;
    return {
      body: JSON.stringify({ listingId: ids[(i * 7919) % ids.length], kind: kinds[i % kinds.length] }),
      // A new visitor every 3 events: mostly distinct, some repeats of the same day.
      address: `10.${(i >> 18) & 255}.${(Math.floor(i / 3) >> 8) & 255}.${Math.floor(i / 3) & 255}`,
    };
  };
  log(
    `\n=== ingest: ${INGEST_RATE} events/s to POST /api/leads for ${DURATION} s, with ${CONNECTIONS} connections reading the listing API`,
  );
  const listingQuery = SCENARIOS[0].query;
  const send = () =>
    autocannon({
      url: `${baseUrl}/api/leads`,
      connections: 40,
      overallRate: INGEST_RATE,
      duration: DURATION,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            const e = event();
            return {
              ...request,
              headers: {
                'content-type': 'text/plain;charset=UTF-8',
                'user-agent': browser,
                'x-forwarded-for': e.address,
              },
              body: e.body,
            };
          },
        },
      ],
    });
  // Figures machine load moves little: the server's CPU per event, and its GC pauses.
  const serverCost = async () => ({
    cpu: cpuMs(pid),
    gc: await gcSeconds(baseUrl),
    database: await backendCpuMs(database),
  });
  const report = async (label, events, before, cost) => {
    // The last buffered events are written within a second.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const after = (await database.query('SELECT count(*)::int AS n FROM lead_events')).rows[0].n;
    const spent = await serverCost();
    log(
      `${label}: ${events.requests.average.toFixed(0)} events/s (asked ${INGEST_RATE}), p50 ${ms(events.latency.p50)}, ` +
        `p99 ${ms(events.latency.p99)}, max ${ms(events.latency.max)}, not 204: ${events.non2xx + events.errors + events.timeouts}; ` +
        `${after - before} new rows in lead_events for ${events.requests.total} events sent`,
    );
    const gc = Object.entries(spent.gc)
      .map(([kind, s]) => `${kind} ${((s - (cost.gc[kind] ?? 0)) * 1000).toFixed(0)} ms`)
      .join(', ');
    let databaseMs = 0;
    for (const [backend, used] of spent.database) databaseMs += used - (cost.database.get(backend) ?? 0);
    log(
      `  CPU per event (with the listing reads when they run): app ${((spent.cpu - cost.cpu) / events.requests.total).toFixed(3)} ms, ` +
        `database backends ${(databaseMs / events.requests.total).toFixed(3)} ms; app GC: ${gc}`,
    );
    return after;
  };
  await send(); // warm-up: listing checks cached, connections open
  const warm = (await database.query('SELECT count(*)::int AS n FROM lead_events')).rows[0].n;
  let cost = await serverCost();
  const alone = await report('ingest alone', await send(), warm, cost);
  cost = await serverCost();
  const [events, reads] = await Promise.all([
    send(),
    autocannon({ url: `${baseUrl}/api/listings?${listingQuery}`, connections: CONNECTIONS, duration: DURATION }),
  ]);
  await report('ingest with the listing API under load', events, alone, cost);
  log(
    `listing API meanwhile (${listingQuery}, ${CONNECTIONS} connections): ${reads.requests.average.toFixed(0)} req/s, p50 ${ms(reads.latency.p50)}, ` +
      `p99 ${ms(reads.latency.p99)}, errors ${reads.errors + reads.non2xx + reads.timeouts}`,
  );
  log('goals: ingest >= 2,000 events/s with p99 <= 20 ms; listing API p99 <= 50 ms at 50 connections');
}

/**
 * EVENTS lead events over the past 365 days, most on a few popular listings (as traffic is),
 * seeded in SQL, rolled up as the ingest flush would have; then the Analytics screen's calls.
 */
async function analytics(database, baseUrl) {
  const have = (await database.query('SELECT count(*)::int AS n FROM lead_events')).rows[0].n;
  if (have < EVENTS) {
    log(`\nseeding ${EVENTS - have} lead events and their roll-ups...`);
    const started = performance.now();
    await database.query(`
      INSERT INTO lead_events (day, listing_id, kind, visitor)
      -- Day by day, oldest first: the primary key then grows in order, which keeps the load fast.
      SELECT current_date - 364 + ((g - 1) * 365 / ${EVENTS - have})::int,
             l.ids[1 + floor(power(random(), 3) * array_length(l.ids, 1))::int],
             (ARRAY['view','view','view','view','view','view','view','view','view','view','view','view','view','view','view','view','view','view','view','view','whatsapp','whatsapp','whatsapp','phone','share'])[1 + g % 25],
             g + ${have}
      FROM generate_series(1::bigint, ${EVENTS - have}) AS g,
           (SELECT array_agg(id) AS ids FROM listings) l
      ON CONFLICT DO NOTHING`);
    await database.query('TRUNCATE lead_daily, lead_yearly, lead_daily_category');
    await database.query(`INSERT INTO lead_daily (day, listing_id, kind, visitors)
      SELECT day, listing_id, kind, count(*) FROM lead_events e WHERE EXISTS (SELECT 1 FROM listings l WHERE l.id = e.listing_id)
      GROUP BY 1, 2, 3`);
    await database.query(`INSERT INTO lead_yearly (year, listing_id, kind, visitors)
      SELECT extract(year FROM day), listing_id, kind, sum(visitors) FROM lead_daily GROUP BY 1, 2, 3`);
    await database.query(`INSERT INTO lead_daily_category (day, category, kind, visitors)
      SELECT e.day, l.category, e.kind, count(*) FROM lead_events e JOIN listings l ON l.id = e.listing_id GROUP BY 1, 2, 3`);
    await database.query('VACUUM (ANALYZE) lead_events, lead_daily, lead_yearly, lead_daily_category');
    log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const sizes = await database.query(
    `SELECT (SELECT count(*) FROM lead_events)::int AS events, (SELECT count(*) FROM lead_daily)::int AS daily,
            (SELECT count(*) FROM lead_daily_category)::int AS by_category`,
  );
  const { events, daily, by_category } = sizes.rows[0];
  log(
    `\n=== analytics: ${events} stored events; roll-ups: ${daily} rows per listing and day, ${by_category} per category and day`,
  );
  const cookie = await signIn(baseUrl);
  const results = [];
  for (const path of [
    '/api/admin/analytics/leads?range=year',
    '/api/admin/analytics/leads?range=90d',
    '/api/admin/analytics/leads?range=30d',
    '/api/admin/analytics?range=year',
  ]) {
    const ask = async () => {
      const response = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    };
    await ask();
    const result = await measure(STAFF_CONNECTIONS, ask);
    if (result.errors > 0) throw result.firstError;
    results.push({ path, ...result });
    log(`${path}: ${result.rps.toFixed(0)} req/s, p50 ${ms(result.p50)}, p95 ${ms(result.p95)}, p99 ${ms(result.p99)}`);
  }
  // Execution times load moves little: each top-10 statement as the app runs it, next to
  // summing every listing tapped in the range (what the year would cost without lead_yearly).
  log('--- EXPLAIN ANALYZE execution times of the top 10 by WhatsApp taps:');
  for (const range of ['year', '90d', '30d']) {
    const { first, end } = wholeDays(rangeBounds(range));
    const times = [];
    const explaining = {
      async query(sql, params) {
        const { rows } = await database.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
        times.push(rows[0]['QUERY PLAN'][0]['Execution Time']);
        return database.query(sql, params);
      },
    };
    await leadsRepository(explaining).topByWhatsApp(first, end);
    const { rows } = await database.query(
      `EXPLAIN (ANALYZE, FORMAT JSON) SELECT listing_id, sum(visitors)::int AS n FROM lead_daily
       WHERE kind = 'whatsapp' AND day >= $1::date AND day < $2::date
       GROUP BY listing_id ORDER BY n DESC, listing_id LIMIT 10`,
      [first, end],
    );
    log(
      `    ${range}: ${times.map((t) => ms(t)).join(' + ')} as the app runs it; ` +
        `${ms(rows[0]['QUERY PLAN'][0]['Execution Time'])} summing every listing`,
    );
  }
  const worst = Math.max(...results.map((r) => r.p95));
  log(
    `goal: p95 <= 200 ms for a year of figures, ${STAFF_CONNECTIONS} staff at once; worst p95 ${ms(worst)} (${worst <= 200 ? 'met' : 'NOT met'})`,
  );
}

/** CPU time used so far by each database backend (server processes of this machine), by pid. */
async function backendCpuMs(database) {
  const { rows } = await database.query('SELECT pid FROM pg_stat_activity');
  return new Map(rows.map((row) => [row.pid, cpuMs(row.pid) ?? 0]));
}

/**
 * The server's look-ups in its search plan cache so far (its Prometheus metrics): `words`,
 * the listing words near a typed word (one not kept is a statement more), and `strategies`, how
 * the same search read before (one not kept first looks at the newest listings).
 */
async function searchPlanCacheLookups(baseUrl) {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const count = (cache, result) =>
    Number(
      text.match(
        new RegExp(`^sdh_search_cache_lookups_total\\{cache="${cache}",result="${result}"\\} (\\d+)$`, 'm'),
      )?.[1] ?? 0,
    );
  const of = (cache) => ({ hit: count(cache, 'hit'), miss: count(cache, 'miss') });
  return { words: of('words'), strategies: of('strategies') };
}

/** Of the look-ups between two readings, the share found in the plan cache, for words and for strategies. */
function keptShares(before, after) {
  const share = (name) => {
    const hits = after[name].hit - before[name].hit;
    const all = hits + after[name].miss - before[name].miss;
    return `${all === 0 ? 0 : ((hits / all) * 100).toFixed(0)}% of ${all}`;
  };
  return `near words kept for ${share('words')} typed words, strategies kept for ${share('strategies')} searches`;
}

/** Seconds the server spent in garbage collection so far, by kind (its Prometheus metrics). */
async function gcSeconds(baseUrl) {
  const response = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${INGEST_METRICS_TOKEN}` } });
  const text = await response.text();
  return Object.fromEntries(
    [...text.matchAll(/^nodejs_gc_duration_seconds_sum\{kind="(\w+)"\} ([\d.e-]+)$/gm)].map((m) => [
      m[1],
      Number(m[2]),
    ]),
  );
}

function sleep(milliseconds) {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

/** Resident memory of a process, in MB (from ps, so it works beyond Linux too). */
function residentMb(pid) {
  return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) / 1024;
}

/** A process's /proc/<pid>/stat fields after its name (Linux; throws elsewhere or once it is gone). */
function procStat(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
}

// A function declaration: the scenarios run from the top of this file, before any const below is set.
function clockTicksPerMs() {
  return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) / 1000;
}

/** The machine's CPU time so far, all cores, busy and in all (clock ticks; Linux /proc; undefined elsewhere). */
function machineCpu() {
  try {
    const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
    const all = ticks.reduce((sum, n) => sum + n, 0);
    // idle and iowait; steal (another machine's work) is neither ours nor free
    return { busy: all - ticks[3] - ticks[4], all };
  } catch {
    return undefined;
  }
}

/** CPU time a process has used so far, in ms (Linux /proc; undefined elsewhere). */
function cpuMs(pid) {
  try {
    const fields = procStat(pid);
    return (fields[11] + fields[12]) / clockTicksPerMs();
  } catch {
    return undefined;
  }
}

/**
 * CPU time the PostgreSQL server has used so far, in ms, when it runs on this machine: the
 * postmaster with the children it has reaped, and its live backends. Undefined when it runs
 * elsewhere (or beyond Linux).
 */
async function postgresCpuMs(database) {
  try {
    const { rows } = await database.query('SELECT pg_backend_pid() AS pid');
    const postmaster = procStat(rows[0].pid)[1];
    const own = procStat(postmaster);
    let ticks = own[11] + own[12] + own[13] + own[14];
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const child = procStat(name);
        if (child[1] === postmaster) ticks += child[11] + child[12];
      } catch {
        // gone meanwhile: the postmaster counts it once reaped
      }
    }
    return ticks / clockTicksPerMs();
  } catch {
    return undefined;
  }
}

/**
 * What visitors ask for, by kind: the home page; the four category pages bare, with a filter,
 * with words (drawn from the titles the category shows) and with both; listing pages (the
 * first ten pages of each category's results, 800 listings); the blog and its posts; and the
 * searches the pages make through the API. Returns a list in which each kind has its share.
 */
async function visitorMix(baseUrl) {
  const json = async (p) => {
    const response = await fetch(`${baseUrl}${p}`);
    if (!response.ok) throw new Error(`GET ${p} answered ${response.status}`);
    return response.json();
  };
  const categories = [
    { route: 'marketplace', category: 'product', filters: ['condition=new', 'maxPrice=50000'] },
    { route: 'real-estate', category: 'property', filters: ['bedrooms=3', 'minPrice=1000000&maxPrice=5000000'] },
    { route: 'business-sales', category: 'business', filters: ['minYears=3'] },
    { route: 'visa-assistance', category: 'visa', filters: ['country=UK'] },
  ];
  const paths = Object.fromEntries(VISITOR_KINDS.map(([kind]) => [kind, []]));
  paths.home.push('/');
  for (const { route, category, filters } of categories) {
    paths.category.push(`/${route}`);
    const words = new Set();
    for (let page = 1; page <= 10; page++) {
      for (const listing of (await json(`/api/listings?category=${category}&page=${page}`)).items) {
        paths.listing.push(`/${route}/${listing.id}`);
        for (const word of listing.title.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
          if (word.length >= 4) words.add(word);
        }
      }
    }
    const someWords = [...words].slice(0, 12);
    for (const filter of filters) paths['category, filters'].push(`/${route}?${filter}`);
    for (const [i, word] of someWords.entries()) {
      const q = encodeURIComponent(i % 3 === 2 ? `${word} ${someWords[(i + 1) % someWords.length]}` : word);
      paths['category, words'].push(`/${route}?q=${q}`);
      paths['category, filters and words'].push(`/${route}?${filters[i % filters.length]}&q=${q}`);
      paths['API search'].push(`/api/listings?category=${category}&q=${q}`);
    }
  }
  paths.blog.push('/blog');
  for (const post of (await json('/api/blog/posts?page=1')).posts) paths.blog.push(`/blog/${post.slug}`);
  // 1,000 entries: each kind in its share, its paths in turn.
  const mix = [];
  for (const [kind, share] of VISITOR_KINDS) {
    const list = paths[kind];
    for (let i = 0; i < Math.round(share * 1000); i++) mix.push({ kind, path: list[i % list.length] });
  }
  return { mix, distinct: Object.fromEntries(VISITOR_KINDS.map(([kind]) => [kind, paths[kind].length])) };
}

/**
 * Asks each of `urls` every second until stopped, with a 5 s limit, from a thread of its own:
 * on this thread the load generator's busy event loop would add its own delay to the answers.
 * stop() answers, by URL, each answer's time in ms and status.
 */
function probeEverySecond(urls) {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
    const { urls } = workerData;
    let running = true;
    parentPort.once('message', () => { running = false; });
    const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
    const ask = async (url) => {
      const answers = [];
      while (running) {
        const started = performance.now();
        const status = await fetch(url, { signal: AbortSignal.timeout(5_000) }).then(
          async (response) => {
            const text = await response.text();
            // A refusal names what failed (readiness: "503 database"), or why.
            if (response.status < 500) return response.status;
            let failing;
            try { failing = JSON.parse(text).failing?.join('+'); } catch {}
            return failing ? response.status + ' ' + failing : response.status;
          },
          () => 'no answer',
        );
        answers.push({ ms: performance.now() - started, status });
        await sleep(1_000);
      }
      return answers;
    };
    Promise.all(urls.map(ask)).then((answers) => parentPort.postMessage(answers));`,
    { eval: true, workerData: { urls } },
  );
  const answers = new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const byPath = await answers;
      await worker.terminate();
      return byPath;
    },
  };
}

/**
 * An embedded database folder with the demo content and LISTINGS listings, seeded once (three
 * minutes at 100,000) and kept in the temporary folder for later runs while the migrations
 * are the same; each run works on a copy.
 */
async function seededEmbeddedFolder() {
  const migrations = readdirSync(path.join(import.meta.dirname, '../src/server/db/migrations'))
    .sort()
    .join('\n');
  const folder = path.join(tmpdir(), `sdh-bench-embedded-${LISTINGS}`);
  const marker = path.join(folder, 'seeded-with');
  if (existsSync(marker) && readFileSync(marker, 'utf8') === migrations) return folder;
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder);
  log(`\nseeding an embedded database with the demo content and ${LISTINGS} listings (kept in ${folder})...`);
  const started = performance.now();
  const embedded = await openDatabase({ dataDir: folder });
  const storage = createLocalDiskStorage(path.join(folder, 'uploads'));
  await runSeed(embedded, storage, { demo: true, syntheticListings: LISTINGS });
  await embedded.query('VACUUM (FREEZE, ANALYZE) listings');
  await storage.close();
  await embedded.close();
  writeFileSync(marker, migrations);
  log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return folder;
}

/** Pins a running process (all its threads) to one core. */
function pin(pid, cpu) {
  execFileSync('taskset', ['-a', '-p', '-c', String(cpu), String(pid)], { stdio: 'ignore' });
}

/**
 * The visitors scenario on one database, at LISTINGS listings: the built server (on PostgreSQL,
 * or on the embedded database as `npm start` runs it, its folder seeded with the demo content
 * and the synthetic listings first), with VISITORS visitors for VISITORS_DURATION seconds from a
 * load generator in a process of its own. The generator runs on core 0, the server (and
 * PostgreSQL) on core 1, so neither takes the other's CPU.
 */
async function visitorsScenario(database) {
  let dataDir;
  if (database === 'postgres') {
    const storageDir = mkdtempSync(path.join(tmpdir(), 'sdh-bench-blog-'));
    await seedLaunchContent(db, createLocalDiskStorage(storageDir));
    rmSync(storageDir, { recursive: true, force: true });
    for (const pid of postgres?.pids() ?? []) pin(pid, 1);
  } else {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sdh-bench-'));
    cpSync(await seededEmbeddedFolder(), dataDir, { recursive: true });
  }
  const probePort = await freePort();
  const server = await startApp(
    database === 'postgres' ? url : undefined,
    { PROBE_PORT: String(probePort) },
    { ...(dataDir ? { dataDir } : {}), cpu: 1 },
  );
  const probeUrl = (p) => `${p.port === 'probe' ? `http://127.0.0.1:${probePort}` : server.baseUrl}${p.path}`;
  try {
    await sleep(2_000);
    const startedRss = residentMb(server.pid);
    const { mix, distinct } = await visitorMix(server.baseUrl);
    log(
      `\n=== visitors (${database === 'postgres' ? 'PostgreSQL' : 'embedded database'}, ${LISTINGS} listings): ` +
        `${VISITORS} visitors for ${VISITORS_DURATION} s, each one connection asking, reading the whole answer, ` +
        `then thinking ${VISITOR_THINK_MS[0]}-${VISITOR_THINK_MS[1]} ms (closed loop); a third in Somali; ` +
        `generator on core 0, server${database === 'postgres' ? ' and PostgreSQL' : ''} on core 1`,
    );
    log(
      `distinct addresses: ${Object.entries(distinct)
        .map(([kind, n]) => `${kind} ${n}`)
        .join(', ')}`,
    );
    log(`load average before: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
    log(`RSS after start, idle: ${startedRss.toFixed(0)} MB`);
    // One address of each kind, so the first measured requests do not load the page code.
    for (const [kind] of VISITOR_KINDS) {
      const first = mix.find((m) => m.kind === kind);
      if (first) await fetch(`${server.baseUrl}${first.path}`).then((r) => r.arrayBuffer());
    }

    const probes = probeEverySecond(PROBED.map(probeUrl));
    const cpuBefore = cpuMs(server.pid);
    const generator = spawn(
      'taskset',
      [
        '-c',
        '0',
        process.execPath,
        path.join(import.meta.dirname, 'lib', 'visitors-load.mjs'),
        JSON.stringify({
          baseUrl: server.baseUrl,
          visitors: VISITORS,
          durationS: VISITORS_DURATION,
          thinkMs: VISITOR_THINK_MS,
          timeoutMs: VISITOR_TIMEOUT_MS,
          somaliShare: 1 / 3,
          mix,
        }),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    generator.stdout.on('data', (chunk) => {
      output += chunk;
    });
    const code = await new Promise((resolve) => generator.once('exit', resolve));
    if (code !== 0) throw new Error(`the load generator exited with code ${code}`);
    const byKind = JSON.parse(output);
    const cpuAfter = cpuMs(server.pid);
    const probed = await probes.stop();
    const loadedRss = residentMb(server.pid);
    log(`load average after: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);

    const figures = (outcomes) => {
      const answered = outcomes.filter((o) => o.status !== undefined && o.status < 400);
      const refused = outcomes.filter((o) => o.status === 503).length;
      const unanswered = outcomes.filter((o) => o.timeout).length;
      const times = answered.map((o) => o.ms).sort((x, y) => x - y);
      return {
        requests: outcomes.length,
        answered: answered.length,
        refused,
        errors: outcomes.length - answered.length - refused - unanswered,
        unanswered,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        p99: percentile(times, 99),
      };
    };
    const rows = [...VISITOR_KINDS.map(([kind]) => [kind, byKind[kind] ?? []]), ['all', Object.values(byKind).flat()]];
    const pad = (v, n) => String(v).padStart(n);
    log(
      `${'kind'.padEnd(28)}${pad('requests', 9)}${pad('answered', 9)}${pad('refused', 9)}${pad('errors', 7)}` +
        `${pad('unanswered', 11)}${pad('p50 ms', 9)}${pad('p95 ms', 9)}${pad('p99 ms', 9)}`,
    );
    let all;
    for (const [kind, outcomes] of rows) {
      const f = figures(outcomes);
      all = f;
      log(
        `${kind.padEnd(28)}${pad(f.requests, 9)}${pad(f.answered, 9)}${pad(f.refused, 9)}${pad(f.errors, 7)}` +
          `${pad(f.unanswered, 11)}${pad(f.p50.toFixed(0), 9)}${pad(f.p95.toFixed(0), 9)}${pad(f.p99.toFixed(0), 9)}`,
      );
    }
    // The same figures per stretch of the run: a start with every cache empty, then the rest.
    const everything = Object.values(byKind).flat();
    for (let from = 0; from < VISITORS_DURATION; from += VISITOR_WINDOW_S) {
      const f = figures(everything.filter((o) => o.at >= from && o.at < from + VISITOR_WINDOW_S));
      log(
        `asked in ${String(from).padStart(2)}-${String(from + VISITOR_WINDOW_S).padEnd(2)} s: ${pad(f.requests, 6)} requests, ` +
          `${pad(f.refused, 5)} refused, ${pad(f.unanswered, 4)} unanswered, p50 ${f.p50.toFixed(0)} ms, p99 ${f.p99.toFixed(0)} ms`,
      );
    }
    const firstErrors = Object.values(byKind)
      .flat()
      .filter((o) => o.error || (o.status !== undefined && o.status >= 400 && o.status !== 503))
      .slice(0, 3)
      .map((o) => o.error ?? o.status);
    if (firstErrors.length > 0) log(`first errors: ${firstErrors.join(', ')}`);
    log(`${(all.requests / VISITORS_DURATION).toFixed(0)} requests a second`);
    if (cpuBefore !== undefined && cpuAfter !== undefined && all.requests > 0) {
      log(`server CPU: ${((cpuAfter - cpuBefore) / all.requests).toFixed(2)} ms per request`);
    }
    let probesMet = true;
    PROBED.forEach((p, i) => {
      const answers = probed[i];
      const quick = answers.filter((a) => a.ms <= 100 && a.status !== 'no answer').length;
      if (p.port === 'probe' && (quick < answers.length || answers.some((a) => a.status !== 200))) probesMet = false;
      const slowest = Math.max(...answers.map((a) => a.ms));
      const statuses = [...new Set(answers.map((a) => a.status))].join('/');
      log(
        `${p.path} on ${p.port === 'probe' ? 'PROBE_PORT' : "the server's port"} during the load: ` +
          `${quick} of ${answers.length} within 100 ms, slowest ${ms(slowest)}, status ${statuses}`,
      );
    });
    await sleep(10_000);
    const idleRss = residentMb(server.pid);
    // The whole process: the embedded database's worker thread included.
    log(`RSS right after the load: ${loadedRss.toFixed(0)} MB; idle 10 s later: ${idleRss.toFixed(0)} MB`);
    if (database === 'pglite') {
      const idleMet = startedRss <= EMBEDDED_IDLE_RSS_MB;
      log(`goal: embedded idle RSS after start <= ${EMBEDDED_IDLE_RSS_MB} MB (${idleMet ? 'met' : 'NOT met'})`);
    }
    log(`goal: health and readiness on PROBE_PORT each time within 100 ms, 200 (${probesMet ? 'met' : 'NOT met'})`);
    const refusedShare = all.refused / Math.max(1, all.requests);
    const met =
      all.errors === 0 && all.unanswered === 0 && refusedShare <= VISITOR_REFUSED_SHARE && all.p99 <= VISITOR_P99_MS;
    log(
      `goal: 0 errors, 0 unanswered, <= ${VISITOR_REFUSED_SHARE * 100} % refused (${(refusedShare * 100).toFixed(1)} %), ` +
        `p99 of the answered <= ${VISITOR_P99_MS} ms (${met ? 'met' : 'NOT met'})`,
    );
  } finally {
    await server.stop();
  }
}
