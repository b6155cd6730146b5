import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/server/modules/staff/service';
import { testDatabaseKind } from '../support/test-database';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

// Builds the web app (into its own folder, so a running server's dist/web is untouched) and
// searches every built file for the demo passwords: credentials come from the server only (D2).
describe.runIf(testDatabaseKind() === 'pglite')('client bundle', () => {
  it('contains no demo credential; the service worker precaches no staff-only code', () => {
    const outDir = path.resolve('.tmp/bundle-check');
    rmSync(outDir, { recursive: true, force: true });
    const build = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);
    const files = filesUnder(outDir);
    expect(files.some((f) => f.endsWith('.js'))).toBe(true);
    for (const file of files) {
      const text = readFileSync(file, 'latin1');
      for (const account of DEMO_ACCOUNTS) expect(text.includes(account.password), file).toBe(false);
      expect(text).not.toMatch(/scrypt\$/);
    }
    // The service worker precaches for every visitor: never staff code, nor the password
    // strength estimator's dictionaries (staff-only, lazy, about 750 KB compressed).
    const serviceWorker = readFileSync(path.join(outDir, 'sw.js'), 'utf8');
    const staffOnly = files
      .map((f) => path.basename(f))
      .filter((name) => /^(admin|password-strength)[-.].*\.js$/.test(name));
    expect(staffOnly.some((name) => name.startsWith('password-strength'))).toBe(true);
    for (const name of staffOnly) expect(serviceWorker, name).not.toContain(name);
    rmSync(outDir, { recursive: true, force: true });
  }, 180_000);
});
