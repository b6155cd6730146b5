// `npm run audit [-- /path ...] [--runs 3] [--busy] [--listings 100000]`: Lighthouse (mobile
// emulation, in Debian's Chromium) on the production build, started the way `npm start`
// starts it on a free port with a fresh embedded database. Prints the four category scores
// and the total blocking time per URL (medians of --runs, as Lighthouse advises against
// one-off scores), the JavaScript each page downloaded (as transferred), the home page's
// JavaScript gzipped, and whether any admin code was fetched.
//
// --busy keeps one core busy while Lighthouse runs, as a phone's other work would: the goals
// must hold with it. --listings N runs the app on a throwaway PostgreSQL 15 server seeded
// with the demo content and N synthetic listings instead. In a path, `:first` stands for the
// newest product's id, `:post` for the newest blog post's slug.
//
// --trace measures instead of Lighthouse: each page loaded --runs times (5 unless given) over
// a phone's network (as Lighthouse's mobile runs assume it) with Chromium's own 4x CPU
// slowdown, the long tasks of its main thread from its first contentful paint until its code
// has taken over, and their blocking time (each task's time past 50 ms; median run).
// Lighthouse simulates the slowdown from one fast load, which a busy machine's random stalls
// move a lot. Each page is then loaded --runs times more at full speed, its tasks counted by
// the processor time their thread spent, times 4: the same work without the waits for a core
// that other work on the machine adds (printed as "from CPU time", for reading, not a goal).
//
// --cpu-slowdown N slows the CPU N times instead of Lighthouse's default 4 (an entry-level
// phone is nearer 8-10x), in Lighthouse's simulation and in --trace alike. Every page is
// audited in English and in Somali (`--lang en` or `--lang so` for one), Lighthouse's runs
// after one unmeasured warm-up run. The budget: per page, JavaScript gzipped <= 100 KB and
// main-thread script work (evaluation, parse and compile, which hydration is part of) below
// its page type's limit; printed as a table, and the audit exits 1 when a page is over.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { measureLongTasks } from './lib/long-tasks.mjs';

const DEFAULT_PATHS = [
  '/',
  '/about',
  '/marketplace',
  '/real-estate',
  '/business-sales',
  '/visa-assistance',
  '/marketplace/:first',
  '/blog',
  '/blog/:post',
  '/contact',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const TBT_BUDGET_MS = 150;
const PAGE_JS_BUDGET_KB = 100;
// Main-thread script work per page type at 4x slowdown (ms), scaled with --cpu-slowdown. A
// listing and a post were lowered to their figures after decision 0099's cuts with some
// headroom (listing 616-643 ms, post 372-576 ms); the home and category pages measured over
// their limits on a busy machine, which stay until a quiet median of 3 says otherwise.
const SCRIPT_WORK_BUDGET_MS = {
  home: 900,
  about: 900,
  category: 1000,
  listing: 800,
  blog: 900,
  post: 700,
  contact: 900,
  other: 1000,
};
function pageType(target) {
  const pathname = target.split('?')[0];
  if (pathname === '/') return 'home';
  if (pathname === '/about') return 'about';
  if (pathname === '/contact') return 'contact';
  if (pathname === '/blog') return 'blog';
  if (pathname.startsWith('/blog/')) return 'post';
  if (/^\/(marketplace|real-estate|business-sales|visa-assistance)$/.test(pathname)) return 'category';
  if (/^\/(marketplace|real-estate|business-sales|visa-assistance)\//.test(pathname)) return 'listing';
  return 'other';
}

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string' },
    listings: { type: 'string' },
    strict: { type: 'boolean' },
    busy: { type: 'boolean' },
    trace: { type: 'boolean' },
    'cpu-slowdown': { type: 'string' },
    lang: { type: 'string' },
    // Writes each page's median report there, to read what a score is made of.
    json: { type: 'string' },
  },
});
const RUNS = Number(options.runs ?? (options.trace ? 5 : 3));
const LISTINGS = options.listings === undefined ? 0 : Number(options.listings);
const CPU_SLOWDOWN = Number(options['cpu-slowdown'] ?? 4);
// The phone goals (decision 0087): at Lighthouse's default 4x a mid-range phone, from 8x an
// entry-level one, whose largest paint must also come within 2.5 s on the simulated slow 4G.
const PHONE_GOALS =
  CPU_SLOWDOWN >= 8 ? { performance: 90, tbtMs: 200, lcpMs: 2500 } : { performance: 98, tbtMs: 50, lcpMs: Infinity };
const GOALS = { performance: PHONE_GOALS.performance, accessibility: 100, 'best-practices': 95, seo: 100 };
const LANGS = options.lang === undefined ? ['en', 'so'] : options.lang.split(',');
if (
  !Number.isInteger(RUNS) ||
  RUNS < 1 ||
  !Number.isInteger(LISTINGS) ||
  LISTINGS < 0 ||
  !(CPU_SLOWDOWN >= 1 && CPU_SLOWDOWN <= 20) ||
  !LANGS.every((lang) => lang === 'en' || lang === 'so')
) {
  console.error(
    'usage: npm run audit -- [/path ...] [--runs N] [--busy] [--trace] [--cpu-slowdown N] [--lang en|so] [--json DIR] [--listings N] [--strict]',
  );
  process.exit(2);
}
const paths = positionals.filter((arg) => arg.startsWith('/'));
const targets = paths.length ? paths : DEFAULT_PATHS;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(origin, child, timeoutMs = 240_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${origin}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not become healthy in time');
}

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'sdh-audit-'));
// Every page load comes from this one address: the per-client page limit is not what is measured.
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  PUBLIC_RATE_LIMIT: '0',
};
let postgres = null;
if (LISTINGS > 0) {
  const { startPostgresServer } = await tsImport('../tests/support/postgres-server.ts', import.meta.url);
  postgres = await startPostgresServer();
  Object.assign(env, { DATABASE_URL: postgres.url('postgres'), DEMO_MODE: 'true' });
  console.log(`Seeding PostgreSQL with the demo content and ${LISTINGS} listings ...`);
  const seeded = spawnSync('npm', ['run', 'seed', '--', '--demo', '--listings', String(LISTINGS)], {
    env,
    stdio: 'inherit',
  });
  if (seeded.status !== 0) {
    postgres.stop();
    process.exit(1);
  }
  // As the bench does: autovacuum would otherwise work through the bulk load while we measure.
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  await client.query('VACUUM (ANALYZE) listings');
  await client.end();
}
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  env,
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
});
let chrome;
// --busy: a process that spins on one core for as long as the audit runs.
const busy = options.busy ? spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }) : null;
const cleanup = () => {
  try {
    chrome?.kill();
  } catch {}
  busy?.kill();
  // start.mjs runs the server as its child: stop the whole group we started.
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {}
  rmSync(dataDir, { recursive: true, force: true });
  postgres?.stop();
};
process.on('SIGINT', () => {
  cleanup();
  process.exit(130);
});

let failures = 0;
try {
  console.log(`Starting the production build on ${origin} ...`);
  await waitForHealth(origin, server);
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });

  const newest = await (await fetch(`${origin}/api/listings?category=product&pageSize=1`)).json();
  const newestPost = await (await fetch(`${origin}/api/blog/posts`)).json();
  const rows = [];
  const load = () =>
    loadavg()
      .map((n) => n.toFixed(1))
      .join(' ');
  console.log(`Load average before: ${load()}${busy ? ' (--busy: one core kept busy)' : ''}`);
  // Somali through ?lang=so, the way a shared link picks it (English needs nothing: a fresh profile).
  const resolved = targets
    .map((t) =>
      t.replace(':first', newest.items[0]?.id ?? 'none').replace(':post', newestPost.posts[0]?.slug ?? 'none'),
    )
    .flatMap((t) => LANGS.map((lang) => (lang === 'so' ? `${t}${t.includes('?') ? '&' : '?'}lang=so` : t)));
  if (options.trace) {
    console.log(
      `Long tasks over a phone's network with Chromium's ${CPU_SLOWDOWN}x CPU slowdown, ${RUNS} loads per page; blocking time goal ≤ ${TBT_BUDGET_MS} ms`,
    );
    for (const target of resolved) {
      await fetch(`${origin}${target}`).then((response) => response.arrayBuffer()); // the server's first render
      const runs = await measureLongTasks(`${origin}${target}`, { runs: RUNS, cpuSlowdown: CPU_SLOWDOWN });
      const median = [...runs].sort((a, b) => a.blocking - b.blocking)[Math.floor(RUNS / 2)];
      if (!(median.blocking <= TBT_BUDGET_MS)) failures++;
      console.log(
        `${target.slice(0, 28).padEnd(28)} blocking ${String(median.blocking).padStart(4)} ms (runs: ${runs.map((r) => r.blocking).join(', ')}); median run's long tasks: ${median.long.join(', ') || 'none'} ms`,
      );
      // The same loads' own work, without the waits for a core that the machine's other work adds.
      const cpuRuns = await measureLongTasks(`${origin}${target}`, { runs: RUNS, cpuTimeScale: CPU_SLOWDOWN });
      const cpuMedian = [...cpuRuns].sort((a, b) => a.blocking - b.blocking)[Math.floor(RUNS / 2)];
      console.log(
        `${''.padEnd(28)} from CPU time ${String(cpuMedian.blocking).padStart(4)} ms (runs: ${cpuRuns.map((r) => r.blocking).join(', ')}); median run's long tasks: ${cpuMedian.long.join(', ') || 'none'} ms`,
      );
    }
  }
  for (const target of options.trace ? [] : resolved) {
    // One unmeasured load first, with its images: no run pays for the server's first render
    // of the page or for the first encoding of a display size (made once, then stored).
    const html = await fetch(`${origin}${target}`).then((response) => response.text());
    const images = new Set(html.match(/\/media\/\d+\/[^\s"',]+/g) ?? []);
    await Promise.all([...images].map((url) => fetch(`${origin}${url}`).then((response) => response.arrayBuffer())));
    const runs = [];
    // A run whose trace Lighthouse failed to record (NO_NAVSTART, ...) measured nothing:
    // it is reported and run again, at most twice per page.
    let retries = 2;
    const flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      // Merged into Lighthouse's mobile throttling settings: only the CPU changes.
      throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN },
    };
    await lighthouse(`${origin}${target}`, flags); // warm-up, not counted
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(`${origin}${target}`, flags);
      if (result.lhr.runtimeError) {
        console.log(`  ${target} run ${run + 1}: ${result.lhr.runtimeError.message}`);
        if (retries-- > 0) {
          run--;
          continue;
        }
      }
      runs.push(result.lhr);
    }
    // The median run by performance, the one Lighthouse's variance guidance reports.
    runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
    const lhr = runs[Math.floor(runs.length / 2)];
    if (options.json) {
      mkdirSync(options.json, { recursive: true });
      writeFileSync(
        path.join(options.json, `${target.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'home'}.json`),
        JSON.stringify(lhr),
      );
    }
    const allPerf = runs.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100));
    const tbts = runs.map((r) => r.audits['total-blocking-time']?.numericValue ?? Number.NaN).sort((a, b) => a - b);
    const tbt = tbts[Math.floor(tbts.length / 2)];
    const requests = lhr.audits['network-requests']?.details?.items ?? [];
    const scripts = requests.filter((item) => item.resourceType === 'Script');
    const jsKb = scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024;
    const adminFetched = requests.some((item) => /\/assets\/admin/i.test(item.url));
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
    const missed = CATEGORIES.filter((c) => scores[c] < GOALS[c]);
    // What the page's scripts weigh gzipped (the budget's measure), whatever the server sent.
    let jsGzipKb = 0;
    for (const item of scripts) {
      const body = Buffer.from(
        await (await fetch(item.url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer(),
      );
      jsGzipKb += gzipSync(body, { level: 9 }).length / 1024;
    }
    // Script evaluation (hydration included) and parse/compile on the main thread, median run.
    const scriptWorks = runs
      .map((r) =>
        (r.audits['mainthread-work-breakdown']?.details?.items ?? [])
          .filter((item) => item.group === 'scriptEvaluation' || item.group === 'scriptParseCompile')
          .reduce((sum, item) => sum + item.duration, 0),
      )
      .sort((a, b) => a - b);
    const scriptWork = scriptWorks[Math.floor(scriptWorks.length / 2)];
    const lcps = runs
      .map((r) => r.audits['largest-contentful-paint']?.numericValue ?? Number.NaN)
      .sort((a, b) => a - b);
    const lcp = lcps[Math.floor(lcps.length / 2)];
    rows.push({ target, ...scores, tbt, lcp, scriptWork, jsKb, jsGzipKb, adminFetched, missed, allPerf });
    for (const c of missed) {
      const failing = Object.values(lhr.audits)
        .filter(
          (a) =>
            a.score !== null && a.score < 1 && lhr.categories[c].auditRefs.some((r) => r.id === a.id && r.weight > 0),
        )
        .map((a) => `${a.id} (${a.displayValue ?? a.score})`);
      console.log(`  ${target} ${c} below goal: ${failing.slice(0, 6).join(', ')}`);
    }
  }

  console.log(`Load average after: ${load()}`);
  if (!options.trace) {
    console.log(
      `\nLighthouse (mobile emulation, CPU ${CPU_SLOWDOWN}x slower${busy ? ', one core busy' : ''}), medians of ${RUNS} run(s); goals: performance ≥ ${PHONE_GOALS.performance}, accessibility 100, best practices ≥ 95, SEO 100, TBT ≤ ${PHONE_GOALS.tbtMs} ms${PHONE_GOALS.lcpMs < Infinity ? `, LCP ≤ ${PHONE_GOALS.lcpMs} ms` : ''}`,
    );
    console.log(
      'URL'.padEnd(28),
      'perf'.padStart(5),
      'a11y'.padStart(5),
      'b-p'.padStart(5),
      'seo'.padStart(5),
      'TBT ms'.padStart(7),
      'LCP ms'.padStart(7),
      '  JS KB sent',
      ' JS KB gzip',
      ' admin code',
    );
    for (const row of rows) {
      console.log(
        row.target.slice(0, 28).padEnd(28),
        String(row.performance).padStart(5),
        String(row.accessibility).padStart(5),
        String(row['best-practices']).padStart(5),
        String(row.seo).padStart(5),
        String(Math.round(row.tbt)).padStart(7),
        String(Math.round(row.lcp)).padStart(7),
        row.jsKb.toFixed(1).padStart(12),
        row.jsGzipKb.toFixed(1).padStart(11),
        row.adminFetched ? ' FETCHED' : ' none',
        RUNS > 1 ? `  (performance of each run: ${row.allPerf.join(', ')})` : '',
      );
      if (row.missed.length || row.adminFetched || !(row.tbt <= PHONE_GOALS.tbtMs) || !(row.lcp <= PHONE_GOALS.lcpMs))
        failures++;
    }
  }
  if (!options.trace) {
    const scale = CPU_SLOWDOWN / 4;
    console.log(
      `\nBudget: JavaScript gzipped ≤ ${PAGE_JS_BUDGET_KB} KB per page; main-thread script work (evaluation + parse/compile, hydration included) per page type at ${CPU_SLOWDOWN}x`,
    );
    console.log('URL'.padEnd(28), 'type'.padEnd(9), ' JS KB gzip', ' script ms', '  limit ms', '  verdict');
    let over = 0;
    for (const row of rows) {
      const type = pageType(row.target);
      const limit = Math.round(SCRIPT_WORK_BUDGET_MS[type] * scale);
      const fails = [];
      if (!(row.jsGzipKb <= PAGE_JS_BUDGET_KB)) fails.push('JS');
      if (!(row.scriptWork <= limit)) fails.push('script work');
      if (fails.length) over++;
      console.log(
        row.target.slice(0, 28).padEnd(28),
        type.padEnd(9),
        row.jsGzipKb.toFixed(1).padStart(11),
        String(Math.round(row.scriptWork)).padStart(10),
        String(limit).padStart(10),
        fails.length ? `  OVER (${fails.join(', ')})` : '  ok',
      );
    }
    if (over) {
      console.log(`${over} page(s) over budget`);
      failures++;
      process.exitCode = 1;
    }
  }
} catch (error) {
  console.error(error);
  failures++;
} finally {
  cleanup();
}
process.exit((options.strict && failures) || process.exitCode ? 1 : 0);
