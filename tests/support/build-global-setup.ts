import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildState, SERVER_BUILD, WEB_BUILD } from '../../scripts/lib/build-freshness.mjs';

const LOCK = '.tmp/build-for-tests.lock';

function lockHolderAlive(): boolean {
  try {
    process.kill(Number(readFileSync(`${LOCK}/pid`, 'utf8')), 0);
    return true;
  } catch {
    return false;
  }
}

/** Runs `npm run <script>` when `parts` is missing or older than its sources. */
function buildIfStale(script: string, parts: typeof WEB_BUILD, neededFor: string) {
  const state = buildState(parts);
  if (state === 'fresh') return;
  console.log(`API tests: the ${script} output is ${state}, building...`);
  const build = spawnSync('npm', ['run', script], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`npm run ${script} failed: ${neededFor}`);
}

/**
 * The API tests of server-rendered pages read the web build (dist/web, dist/ssr), and the
 * tests that start the server or a command-line tool in a process of its own run the server
 * build (dist/server), as production does (a start from the built bundle costs about half the
 * CPU of one through tsx). Each is built first when it is missing or older than its sources,
 * once even when both database projects start at the same time.
 */
export default async function setup() {
  mkdirSync('.tmp', { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      if (!lockHolderAlive()) rmSync(LOCK, { recursive: true, force: true });
      else await sleep(500);
    }
  }
  try {
    writeFileSync(`${LOCK}/pid`, String(process.pid));
    buildIfStale('build:web', WEB_BUILD, 'the API tests of rendered pages need it');
    buildIfStale('build:server', SERVER_BUILD, 'the API tests that start the server in a process of its own need it');
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}
