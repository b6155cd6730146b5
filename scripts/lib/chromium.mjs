// Debian's Chromium as this project starts it for the end-to-end tests and the audit's
// traces: no sandbox (containers), no GPU, and no network or updates of its own.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

// The end-to-end tests run Chromium's headless shell (Debian's `chromium-headless-shell`, the
// same engine without the browser's own interface, as Playwright's own downloads do), and
// without V8's optimizing compilers (a test's page lives seconds, too short for optimized code
// to pay back its compiling) and with a renderer process limit of one (a context's pages share
// one, and no spare is started ahead of the next page). Together they cut the suite's busy CPU
// by about a quarter (decision 0105). The audit keeps the whole browser as a phone's runs it.
export const HEADLESS_SHELL_PATH =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/lib/chromium/chromium-headless-shell';
export const TEST_CHROMIUM_ARGS = [...CHROMIUM_ARGS, '--js-flags=--no-opt --no-maglev', '--renderer-process-limit=1'];
