// `npm run bench`: the listing API under load against a 100,000-listing PostgreSQL database,
// next to the same SQL run directly, so the API's own overhead is visible (issue 4).
//
//   npm run bench -- [--listings 100000] [--duration 10] [--connections 50] [--scenario load|cold-search]
//
// "cold-search" asks 1,000 distinct searches drawn from the seeded listings (one word, two
// words in any order, the beginning of a word, a word with a typo) of the app with its
// search cache off, one at a time and then from 50 connections, and explains the slowest.
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
    scenario: { type: 'string' },
  },
});
/** `--scenario load` runs the three load scenarios only, `--scenario cold-search` the searches only. */
const SCENARIO = values.scenario;
if (SCENARIO !== undefined && SCENARIO !== 'load' && SCENARIO !== 'cold-search') {
  throw new Error('--scenario takes load or cold-search');
}
const LISTINGS = Number(values.listings);
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);

const load = (file) => tsImport(file, import.meta.url);
const { startPostgresServer } = await load('../tests/support/postgres-server.ts');
const { openPostgresDatabase } = await load('../src/server/db/postgres-database.ts');
const { migrate } = await load('../src/server/db/migrate.ts');
const { listingSql, searchSql } = await load('../src/server/modules/listings/repository.ts');
const { listingQuerySchema } = await load('../src/shared/listing-query.ts');
const { seedSyntheticListings } = await load('../src/server/seed/seed.ts');
const { resolveSearch } = await load('../src/server/modules/listings/search.ts');
const { searchWords } = await load('../src/shared/listing-search.ts');

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

const ms = (n) => `${n.toFixed(1)} ms`;
const log = (...args) => console.log(...args);

function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
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
  const run = async (client) => {
    await client.query('BEGIN');
    try {
      const probe = await client.query(sql.probe.text, sql.probe.values);
      const read = sql.read(probe.rows[0].walk);
      return await client.query(read.text, read.values);
    } finally {
      await client.query('COMMIT');
    }
  };
  return { search: sql, run, runPage: run };
}

/** EXPLAIN ANALYZE of what the API runs; a search's probe runs first, as it sets how to read. */
async function explain(database, parsed) {
  const { statements, search } = await querySql(database, parsed);
  await database.transaction(async (tx) => {
    const show = async (label, statement) => {
      const plan = await tx.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${statement.text}`, statement.values);
      log(`--- EXPLAIN ANALYZE (${label}):`);
      for (const row of plan.rows) log(`    ${row['QUERY PLAN']}`);
    };
    if (!search) {
      for (const [label, statement] of statements) await show(label, statement);
      return;
    }
    await show('probe', search.probe);
    const probe = await tx.query(search.probe.text, search.probe.values);
    const walk = probe.rows[0].walk;
    await show(`page and total (${walk ? 'walking the newest listings' : 'from the word index'})`, search.read(walk));
  });
}

/** The same SQL the API runs (`run(client)`), from a pool of `connections` clients, for the same time. */
async function direct(url, run) {
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
  const latencies = [];
  const until = Date.now() + DURATION * 1000;
  let errors = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < until) {
        const started = performance.now();
        const client = await pool.connect();
        try {
          await run(client);
          latencies.push(performance.now() - started);
        } catch {
          errors += 1;
        } finally {
          client.release();
        }
      }
    }),
  );
  await pool.end();
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / DURATION, p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors };
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
  app = await startApp(url);
  uncachedApp = await startApp(url, { SEARCH_CACHE_SECONDS: '0' });

  const results = [];
  for (const scenario of SCENARIO === 'cold-search' ? [] : SCENARIOS) {
    const parsed = listingQuerySchema.parse(Object.fromEntries(new URLSearchParams(scenario.query)));
    const sql = await querySql(db, parsed);
    log(`\n=== ${scenario.name}: GET /api/listings?${scenario.query}`);
    await explain(db, parsed);
    // Warm up both paths so the first measurement does not pay for cold caches.
    for (const { baseUrl } of [app, uncachedApp]) {
      await autocannon({ url: `${baseUrl}/api/listings?${scenario.query}`, connections: 10, duration: 2 });
    }
    const viaApi = await api(app.baseUrl, scenario.query);
    const viaUncachedApi = await api(uncachedApp.baseUrl, scenario.query);
    const viaSql = await direct(url, sql.run);
    const viaPageSql = await direct(url, sql.runPage);
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

  if (results.length > 0) summarise(results);
  if (SCENARIO !== 'load') await coldSearch(db, uncachedApp.baseUrl);
} finally {
  await app?.stop();
  await uncachedApp?.stop();
  await db?.close();
  postgres?.stop();
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
async function coldSearch(database, baseUrl) {
  const searches = await coldSearchQueries(database);
  log(`\n=== cold search: ${searches.length} distinct searches, search cache off (SEARCH_CACHE_SECONDS=0)`);
  const ask = async (query) => {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/listings?${query}`);
    const body = await response.json();
    if (!response.ok) throw new Error(`${query}: ${response.status} ${JSON.stringify(body)}`);
    return { ms: performance.now() - started, total: body.total };
  };
  // Warm the connections and the server's own code, not the answers: other searches.
  for (const { query } of searches.slice(0, 50)) await ask(query.replace(/^category=\w+/, 'category=visa'));
  const timed = [];
  for (const search of searches) timed.push({ ...search, ...(await ask(search.query)) });
  const sorted = (list) => list.map((t) => t.ms).sort((a, b) => a - b);
  const all = sorted(timed);
  const found = timed.filter((t) => t.total > 0).length;
  log(
    `concurrency 1: p50 ${ms(percentile(all, 50))}, p95 ${ms(percentile(all, 95))}, p99 ${ms(percentile(all, 99))}, ` +
      `max ${ms(all.at(-1))}; found something: ${((found / timed.length) * 100).toFixed(1)}%`,
  );
  for (const kind of SEARCH_KINDS) {
    const ofKind = timed.filter((t) => t.kind === kind);
    const share = ofKind.filter((t) => t.total > 0).length / ofKind.length;
    log(
      `  ${kind}: ${ofKind.length} searches, p50 ${ms(percentile(sorted(ofKind), 50))}, ` +
        `p95 ${ms(percentile(sorted(ofKind), 95))}, found something ${(share * 100).toFixed(1)}%`,
    );
  }

  // The same searches from 50 connections at once, twice over.
  let next = 0;
  const loaded = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    amount: 2 * searches.length,
    requests: [
      {
        setupRequest: (request) => ({ ...request, path: `/api/listings?${searches[next++ % searches.length].query}` }),
      },
    ],
  });
  log(
    `${CONNECTIONS} connections: ${loaded.requests.average.toFixed(0)} req/s, p50 ${ms(loaded.latency.p50)}, ` +
      `p99 ${ms(loaded.latency.p99)}, errors ${loaded.errors + loaded.non2xx + loaded.timeouts}`,
  );

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
