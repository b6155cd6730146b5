// The long tasks of a page load as Chromium itself runs them with its CPU slowed down
// (DevTools' throttling), not as Lighthouse simulates them: `npm run audit -- --trace`.
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

/** A task longer than this blocks input; what it runs past it counts as blocking time. */
const LONG_TASK_MS = 50;

/**
 * A phone's mobile data, as Lighthouse's mobile runs assume it (150 ms round trips, 1.6 Mbit/s
 * down, 750 kbit/s up). Over loopback the page's code is there as soon as its HTML is, and
 * runs before the first paint: the tasks a phone runs after it would not be counted.
 */
const PHONE_NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

/**
 * Loads the URL `runs` times in a fresh phone-sized context each (no cache, no service
 * worker), over a phone's network with the CPU slowed `cpuSlowdown` times, until the page's code has taken over
 * (<html data-interactive>) and a moment after; answers, per run, the long tasks of the
 * page's main thread in ms and their blocking time.
 */
export async function measureLongTasks(url, { runs, cpuSlowdown = 4 }) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    const results = [];
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, serviceWorkers: 'block' });
      try {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', PHONE_NETWORK);
        const events = [];
        cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
        const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
        await cdp.send('Tracing.start', {
          // Tasks (RunTask) are in the second category, the first contentful paint in the third.
          categories: 'devtools.timeline,disabled-by-default-devtools.timeline,loading',
          transferMode: 'ReportEvents',
        });
        await page.goto(url, { waitUntil: 'load' });
        await page.waitForSelector('html[data-interactive]', { state: 'attached', timeout: 60_000 });
        await page.waitForTimeout(1_000);
        await cdp.send('Tracing.end');
        await complete;
        const tasks = mainThreadTasks(events);
        // A load runs hundreds of tasks: none seen means the trace recorded nothing, not a fast page.
        if (tasks.length === 0) throw new Error(`no task of ${url}'s main thread in its trace`);
        const long = tasks.map((ms) => Math.round(ms)).filter((ms) => ms > LONG_TASK_MS);
        results.push({ long, blocking: long.reduce((sum, ms) => sum + ms - LONG_TASK_MS, 0) });
      } finally {
        await context.close();
      }
    }
    return results;
  } finally {
    await browser.close();
  }
}

/**
 * The durations (ms) of the tasks of the page's main thread (the renderer's that worked the
 * most) from its first contentful paint on, a task under way then counting from it: the
 * window total blocking time measures (what runs before, the page does not yet show).
 */
function mainThreadTasks(events) {
  const mains = new Set(
    events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map();
  for (const e of events) {
    const thread = `${e.pid}:${e.tid}`;
    if (e.name !== 'RunTask' || e.ph !== 'X' || !mains.has(thread)) continue;
    byThread.set(thread, [...(byThread.get(thread) ?? []), e]);
  }
  const total = (list) => list.reduce((sum, e) => sum + e.dur, 0);
  const tasks = [...byThread.values()].sort((a, b) => total(b) - total(a))[0] ?? [];
  const pid = tasks[0]?.pid;
  const paint = events.filter((e) => e.name === 'firstContentfulPaint' && e.pid === pid).sort((a, b) => a.ts - b.ts)[0];
  if (!paint) throw new Error('no first contentful paint in the trace');
  return tasks.filter((e) => e.ts + e.dur > paint.ts).map((e) => (e.ts + e.dur - Math.max(e.ts, paint.ts)) / 1000);
}
