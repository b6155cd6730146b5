import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/server/modules/staff/service';
import { enPublic } from '../../src/shared/i18n/en/public';
import { enStaff } from '../../src/shared/i18n/en/staff';
import { soPublic } from '../../src/shared/i18n/so/public';
import { LOCALE_MESSAGE_MODULES } from '../../src/shared/page-rendering';
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
  const keys = Object.keys(manifest);
  const publicReach = publicFiles(manifest, () => true);
  return [...reach(manifest, keys.filter(isStaff(manifest)), () => true)]
    .map((key) => manifest[key]?.file ?? key)
    .filter((file) => !publicReach.includes(file));
}

const isStaff = (manifest: Manifest) => (key: string) =>
  /^assets\/(admin|password-strength)[-.]/.test(manifest[key]?.file ?? '');

/** The manifest keys reachable from the roots through static and lazy imports, entering only where `enter` says. */
function reach(manifest: Manifest, roots: string[], enter: (key: string) => boolean): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (seen.has(key) || !chunk || !enter(key)) return;
    seen.add(key);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  for (const root of roots) visit(root);
  return seen;
}

/** The built files a public page may load, without passing through staff code (and where `enter` says). */
function publicFiles(manifest: Manifest, enter: (key: string) => boolean): string[] {
  const roots = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  return [...reach(manifest, roots, (key) => !isStaff(manifest)(key) && enter(key))].map(
    (key) => manifest[key]?.file ?? key,
  );
}

/**
 * Texts of a catalog part that no other part has, as they stand in built code: a few of each
 * namespace, the longest plain ones (the minifier keeps them verbatim).
 */
function telltaleTexts(part: object, others: object[]): string[] {
  const leaves = (node: unknown): string[] =>
    typeof node === 'string' ? [node] : Object.values(node as object).flatMap(leaves);
  const elsewhere = new Set(others.flatMap(leaves));
  return Object.values(part).flatMap((namespace) =>
    leaves(namespace)
      .filter((text) => /^[\w ,.:;!?()'-]{20,}$/.test(text) && !elsewhere.has(text))
      .sort((a, b) => b.length - a.length)
      .slice(0, 3),
  );
}

// Searches every file of the web build (dist/web, built fresh from the sources by the API
// tests' global setup) for the demo passwords: credentials come from the server only (docs/product.md#demo-mode).
describe.runIf(testDatabaseKind() === 'pglite')('client bundle', () => {
  it('contains no demo credential; the service worker precaches no staff-only code', () => {
    const outDir = path.resolve('dist/web');
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

    // The staff texts come with the staff code only; the Somali texts only to a page in Somali.
    const manifest: Manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'));
    const read = (file: string) => readFileSync(path.join(outDir, file), 'utf8');
    const holding = (files: string[], text: string) => files.filter((file) => read(file).includes(text));
    const staffTexts = telltaleTexts(enStaff, [enPublic, soPublic]);
    const somaliTexts = telltaleTexts(soPublic, [enPublic, enStaff]);
    expect(staffTexts.length).toBeGreaterThanOrEqual(Object.keys(enStaff).length);
    expect(somaliTexts.length).toBeGreaterThanOrEqual(Object.keys(soPublic).length);
    const somaliModule = LOCALE_MESSAGE_MODULES.so ?? '';
    const somaliFile = manifest[somaliModule]?.file ?? `no ${somaliModule} in the build`;
    const publicPages = publicFiles(manifest, () => true);
    const englishPages = publicFiles(manifest, (key) => key !== somaliModule);
    expect(publicPages).toContain(somaliFile);
    expect(englishPages).not.toContain(somaliFile);
    for (const text of staffTexts) {
      expect(holding(publicPages, text), `a public page's code holds the staff text "${text}"`).toEqual([]);
      expect(holding(staffOnly, text), `no staff code holds "${text}"`).not.toEqual([]);
    }
    for (const text of somaliTexts) {
      expect(holding(englishPages, text), `an English page's code holds the Somali text "${text}"`).toEqual([]);
      expect(holding([somaliFile], text), `the Somali chunk lacks "${text}"`).not.toEqual([]);
    }
  });
});
