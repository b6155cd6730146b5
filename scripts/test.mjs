// `npm test`: every check the project has, in order, then one summary line.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

const started = Date.now();
mkdirSync('.tmp', { recursive: true });
const VITEST_JSON = '.tmp/vitest-results.json';
const PLAYWRIGHT_JSON = '.tmp/playwright-results.json';
rmSync(VITEST_JSON, { force: true });
rmSync(PLAYWRIGHT_JSON, { force: true });

// The checks run side by side (tsc and Vite each keep about one core busy); the tests start as
// soon as the build is done, while types and lint may still run: nothing the tests run needs them.
const checks = [
  { name: 'types', command: ['npx', 'tsc', '--noEmit', '-p', 'tsconfig.json'] },
  { name: 'lint and format', command: ['npx', 'biome', 'ci', '.'] },
  { name: 'build', command: ['npm', 'run', 'build'] },
];
const tests = [
  {
    name: 'unit and API tests (PGlite and PostgreSQL 15)',
    command: ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${VITEST_JSON}`],
  },
  {
    name: 'end-to-end tests (Chromium)',
    command: ['npx', 'playwright', 'test'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: PLAYWRIGHT_JSON },
  },
];

/** Runs a check with its output kept, to be printed whole (checks side by side would interleave). */
function runQuietly(step) {
  return new Promise((resolve) => {
    const child = spawn(step.command[0], step.command.slice(1), { env: process.env });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) => resolve({ step, status, output: Buffer.concat(output) }));
  });
}
function report({ step, status, output }) {
  console.log(`\n=== ${step.name} ===`);
  process.stdout.write(output);
  if (status !== 0) failedSteps.push(step.name);
}

const failedSteps = [];
const [types, lint, build] = checks.map(runQuietly);
report(await build);
// A failed build stops the run: the tests need it. Type and lint failures are counted, and the
// tests still run, so that one run shows every failure.
if (!failedSteps.includes('build')) {
  for (const step of tests) {
    console.log(`\n=== ${step.name} ===`);
    // Not spawnSync: this process keeps reading the checks' output meanwhile.
    const child = spawn(step.command[0], step.command.slice(1), {
      stdio: 'inherit',
      env: { ...process.env, ...step.env },
    });
    const status = await new Promise((resolve) => child.on('close', resolve));
    if (status !== 0) failedSteps.push(step.name);
  }
}
report(await types);
report(await lint);

const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};
const vitest = readJson(VITEST_JSON);
const playwright = readJson(PLAYWRIGHT_JSON);
const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0) + (playwright?.stats?.flaky ?? 0);
const failed = (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0);
const skipped = (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (playwright?.stats?.skipped ?? 0);

// The names of what failed, last: a log cut to its tail still says which tests to look at.
const failedNames = [
  ...(vitest?.testResults ?? []).flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === 'failed')
      .map(
        (test) =>
          `vitest ${file.name.replace(`${process.cwd()}/`, '')} › ${test.fullName}${why(test.failureMessages?.[0])}`,
      ),
  ),
  ...playwrightFailures(playwright?.suites ?? []),
];
/** The first lines of a failure's message, without colour codes. */
function why(message) {
  if (!message) return '';
  const lines = stripVTControlCharacters(message)
    .split('\n')
    .filter((line) => line.trim());
  return `\n      ${lines.slice(0, 6).join('\n      ')}`;
}
function playwrightFailures(suites, titles = []) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === 'unexpected')
        .map(
          (test) =>
            `playwright [${test.projectName}] ${spec.file} › ${[...titles, spec.title].join(' › ')}${why(test.results?.at(-1)?.error?.message)}`,
        ),
    ),
    ...playwrightFailures(
      suite.suites ?? [],
      suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles,
    ),
  ]);
}
if (failedNames.length > 0) console.log(`\nfailed:\n${failedNames.map((name) => `  ${name}`).join('\n')}`);

console.log(`\nvitest: ${vitest ? `${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed` : 'no results'}`);
console.log(
  `playwright: ${playwright ? `${playwright.stats.expected + playwright.stats.flaky} passed (${playwright.stats.flaky} flaky), ${playwright.stats.unexpected} failed` : 'no results'}`,
);
console.log(`steps failed: ${failedSteps.length ? failedSteps.join(', ') : 'none'}`);
console.log(`time: ${Math.round((Date.now() - started) / 1000)} s`);
// Checks that are not test runners (types, lint, build) count as one test each.
const checkFailures = failedSteps.filter((name) => !name.includes('tests')).length;
const testStepsWithoutResults = failedSteps.filter((name) => name.includes('tests')).length && failed === 0 ? 1 : 0;
console.log(`${passed} passed, ${failed + checkFailures + testStepsWithoutResults} failed, ${skipped} skipped`);
process.exit(failedSteps.length || failed || passed === 0 ? 1 : 0);
