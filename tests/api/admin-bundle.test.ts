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

type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }>;

/**
 * The built files that only staff code reaches: those the staff pages and the password
 * strength estimator load, statically or lazily, that no public page can reach without
 * passing through them.
 */
function staffOnlyFiles(manifest: Manifest): string[] {
  const isStaff = (key: string) => /^assets\/(admin|password-strength)[-.]/.test(manifest[key]?.file ?? '');
  const reach = (roots: string[], enter: (key: string) => boolean) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (seen.has(key) || !chunk || !enter(key)) return;
      seen.add(key);
      for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
    };
    for (const root of roots) visit(root);
    return seen;
  };
  const keys = Object.keys(manifest);
  const publicReach = reach(
    keys.filter((key) => manifest[key]?.isEntry),
    (key) => !isStaff(key),
  );
  return [...reach(keys.filter(isStaff), () => true)]
    .filter((key) => !publicReach.has(key))
    .map((key) => manifest[key]?.file ?? key);
}

// Builds the web app (into its own folder, so a running server's dist/web is untouched) and
// searches every built file for the demo passwords: credentials come from the server only (docs/product.md#demo-mode).
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
    // The service worker precaches for every visitor: never staff code, nor what only staff
    // code loads (the password strength estimator's dictionaries, 1.6 MB), whatever its name.
    const serviceWorker = readFileSync(path.join(outDir, 'sw.js'), 'utf8');
    const staffOnly = staffOnlyFiles(JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')));
    expect(staffOnly.some((file) => file.includes('password-strength'))).toBe(true);
    expect(staffOnly.some((file) => statSync(path.join(outDir, file)).size > 1_000_000)).toBe(true);
    for (const file of staffOnly) expect(serviceWorker, file).not.toContain(path.basename(file));
    rmSync(outDir, { recursive: true, force: true });
  }, 180_000);
});
