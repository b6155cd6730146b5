// The long tasks of a page load as Chromium itself runs them with its CPU slowed down
// (DevTools' throttling), not as Lighthouse simulates them: `npm run audit -- --trace`.
import { launchChromium } from './cdp-pipe.mjs';

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
 *
 * With `cpuTimeScale`, the CPU runs at full speed and each task counts as the processor time
 * its thread spent on it, times that factor: what a phone that much slower would take if
 * nothing else wanted its cores. A task's clock time also holds the time the thread waited
 * for a core the machine's other work had: on a busy machine, most of it.
 */
export async function measureLongTasks(url, { runs, cpuSlowdown = 4, cpuTimeScale }) {
  // Not Playwright: its DevTools connection makes V8 record a stack for every Error (cdp-pipe.mjs).
  const chromium = await launchChromium();
  try {
    const results = [];
    for (let run = 0; run < runs; run++) {
      // A fresh context each time: no cache, cookies or storage of an earlier load.
      const { browserContextId } = await chromium.send('Target.createBrowserContext');
      try {
        const { targetId } = await chromium.send('Target.createTarget', { url: 'about:blank', browserContextId });
        const { sessionId } = await chromium.send('Target.attachToTarget', { targetId, flatten: true });
        const send = (method, params) => chromium.send(method, params, sessionId);
        await send('Emulation.setDeviceMetricsOverride', {
          width: 412,
          height: 823,
          deviceScaleFactor: 1,
          mobile: false,
        });
        await send('Emulation.setCPUThrottlingRate', { rate: cpuTimeScale ? 1 : cpuSlowdown });
        await send('Network.enable');
        await send('Network.emulateNetworkConditions', PHONE_NETWORK);
        // No service worker: its install would fetch the whole app shell while the page loads.
        await send('Network.setBlockedURLs', { urls: ['*/sw.js'] });
        await send('Page.enable');
        const events = [];
        const stop = chromium.on((message) => {
          if (message.method === 'Tracing.dataCollected' && message.sessionId === sessionId) {
            events.push(...message.params.value);
          }
        });
        await send('Tracing.start', {
          // Tasks (RunTask) are in the second category, the first contentful paint in the third.
          categories: 'devtools.timeline,disabled-by-default-devtools.timeline,loading',
          transferMode: 'ReportEvents',
        });
        const loaded = chromium.once('Page.loadEventFired', sessionId);
        await send('Page.navigate', { url });
        await loaded;
        await waitUntilInteractive(send, url);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        const complete = chromium.once('Tracing.tracingComplete', sessionId);
        await send('Tracing.end');
        await complete;
        stop();
        const tasks = mainThreadTasks(events, cpuTimeScale);
        // A load runs hundreds of tasks: none seen means the trace recorded nothing, not a fast page.
        if (tasks.length === 0) throw new Error(`no task of ${url}'s main thread in its trace`);
        const long = tasks.map((ms) => Math.round(ms)).filter((ms) => ms > LONG_TASK_MS);
        results.push({ long, blocking: long.reduce((sum, ms) => sum + ms - LONG_TASK_MS, 0) });
      } finally {
        await chromium.send('Target.disposeBrowserContext', { browserContextId });
      }
    }
    return results;
  } finally {
    await chromium.close();
  }
}

/** Until the page's code has taken over (<html data-interactive>), asked without enabling Runtime. */
async function waitUntilInteractive(send, url) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { result } = await send('Runtime.evaluate', {
      expression: "document.documentElement.hasAttribute('data-interactive')",
      returnByValue: true,
    });
    if (result.value === true) return;
    if (Date.now() > deadline) throw new Error(`${url} did not become interactive within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The durations (ms) of the tasks of the page's main thread (the renderer's that worked the
 * most) from its first contentful paint on, a task under way then counting from it: the
 * window total blocking time measures (what runs before, the page does not yet show). With
 * `cpuTimeScale`, each task's thread time (trace `tdur`) times it, a task under way counting whole.
 */
function mainThreadTasks(events, cpuTimeScale) {
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
  const shown = tasks.filter((e) => e.ts + e.dur > paint.ts);
  if (cpuTimeScale) return shown.map((e) => ((e.tdur ?? e.dur) * cpuTimeScale) / 1000);
  return shown.map((e) => (e.ts + e.dur - Math.max(e.ts, paint.ts)) / 1000);
}
