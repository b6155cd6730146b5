// `npm run audit [-- /path ...]`: Lighthouse (mobile emulation, in Debian's Chromium) on the
// production build, started the way `npm start` starts it on a free port with a fresh
// embedded database. Prints the four category scores per URL, the JavaScript each page
// downloaded (gzip, as transferred) and whether any admin code was fetched.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const DEFAULT_PATHS = ['/', '/about', '/blog', '/contact'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const GOALS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100 };
const HOME_JS_BUDGET_KB = 150;

const paths = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
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
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
});
let chrome;
const cleanup = () => {
  try {
    chrome?.kill();
  } catch {}
  // start.mjs runs the server as its child: stop the whole group we started.
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {}
  rmSync(dataDir, { recursive: true, force: true });
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

  const rows = [];
  for (const target of targets) {
    const result = await lighthouse(`${origin}${target}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    const lhr = result.lhr;
    const requests = lhr.audits['network-requests']?.details?.items ?? [];
    const scripts = requests.filter((item) => item.resourceType === 'Script');
    const jsKb = scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024;
    const adminFetched = requests.some((item) => /\/assets\/admin/i.test(item.url));
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
    const missed = CATEGORIES.filter((c) => scores[c] < GOALS[c]);
    rows.push({ target, ...scores, jsKb, adminFetched, missed });
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

  console.log(
    '\nLighthouse (mobile emulation), goals: performance ≥ 95, accessibility 100, best practices ≥ 95, SEO 100',
  );
  console.log(
    'URL'.padEnd(20),
    'perf'.padStart(5),
    'a11y'.padStart(5),
    'b-p'.padStart(5),
    'seo'.padStart(5),
    '  JS (KB, transferred)',
    ' admin code',
  );
  for (const row of rows) {
    console.log(
      row.target.padEnd(20),
      String(row.performance).padStart(5),
      String(row.accessibility).padStart(5),
      String(row['best-practices']).padStart(5),
      String(row.seo).padStart(5),
      `  ${row.jsKb.toFixed(1).padStart(8)}`.padEnd(22),
      row.adminFetched ? ' FETCHED' : ' none',
    );
    if (row.missed.length || row.adminFetched) failures++;
    if (row.target === '/' && row.jsKb > HOME_JS_BUDGET_KB) {
      console.log(`  home page JS ${row.jsKb.toFixed(1)} KB is over the ${HOME_JS_BUDGET_KB} KB budget`);
      failures++;
    }
  }
} catch (error) {
  console.error(error);
  failures++;
} finally {
  cleanup();
}
process.exit(process.argv.includes('--strict') && failures ? 1 : 0);
