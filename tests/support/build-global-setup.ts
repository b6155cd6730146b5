import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildState, WEB_BUILD } from '../../scripts/lib/build-freshness.mjs';

const LOCK = '.tmp/build-for-tests.lock';

function lockHolderAlive(): boolean {
  try {
    process.kill(Number(readFileSync(`${LOCK}/pid`, 'utf8')), 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The API tests of server-rendered pages read the web build (dist/web, dist/ssr): build it
 * first when it is missing or older than its sources, once even when both database projects
 * start at the same time. The server itself runs from the sources, so a server change alone
 * builds nothing.
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
    const state = buildState(WEB_BUILD);
    if (state === 'fresh') return;
    console.log(`API tests: the web build is ${state}, building...`);
    const build = spawnSync('npm', ['run', 'build:web'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build:web failed: the API tests of rendered pages need it');
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}
