// Chromium driven over the DevTools protocol through a pipe, with nothing enabled that the
// caller does not ask for. Playwright (and Lighthouse) enable the Runtime domain on every
// page, and with it V8 records a detailed stack trace for every Error a script creates: React
// DOM creates its sentinel errors as it loads, and V8 then re-parses the whole 220 KB module to
// place them, which made its evaluation about four times longer than in a visitor's browser.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

/** Starts a headless Chromium of its own (fresh profile) and answers its protocol client. */
export async function launchChromium() {
  const profile = mkdtempSync(path.join(tmpdir(), 'cdp-profile-'));
  const child = spawn(
    CHROMIUM_PATH,
    ['--headless=new', ...CHROMIUM_ARGS, '--remote-debugging-pipe', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const [, , , toChromium, fromChromium] = child.stdio;
  let nextId = 0;
  const pending = new Map();
  const listeners = new Set();
  let buffered = '';
  fromChromium.on('data', (chunk) => {
    buffered += chunk.toString('utf8');
    let end = buffered.indexOf('\0');
    while (end !== -1) {
      const message = JSON.parse(buffered.slice(0, end));
      buffered = buffered.slice(end + 1);
      end = buffered.indexOf('\0');
      const waiting = message.id === undefined ? undefined : pending.get(message.id);
      if (waiting) {
        pending.delete(message.id);
        if (message.error) waiting.reject(new Error(`${waiting.method}: ${message.error.message}`));
        else waiting.resolve(message.result);
      } else for (const listener of listeners) listener(message);
    }
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  exited.then(() => {
    for (const waiting of pending.values()) waiting.reject(new Error('Chromium exited'));
  });
  const send = (method, params = {}, sessionId = undefined) =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { resolve, reject, method });
      toChromium.write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
    });
  const client = {
    send,
    /** Calls `listener` with each event (method, params, sessionId); answers how to stop. */
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** The first event `method` of the session that `accept` takes. */
    once(method, sessionId, accept = () => true) {
      return new Promise((resolve) => {
        const stop = client.on((message) => {
          if (message.method !== method || message.sessionId !== sessionId || !accept(message.params)) return;
          stop();
          resolve(message.params);
        });
      });
    },
    async close() {
      await send('Browser.close').catch(() => {});
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      child.kill('SIGKILL');
      rmSync(profile, { recursive: true, force: true });
    },
  };
  await send('Target.setDiscoverTargets', { discover: false });
  return client;
}
