// `npm run bench:sign-in`: how long a stored image takes to load while a burst of sign-ins
// arrives at once (password hashing and file reads share libuv's thread pool).
//   node scripts/sign-in-burst.mjs [--sign-ins 60] [--spread] [--server dist/server/server.js] [--trust-proxy loopback]
// --spread sends each sign-in from its own address (X-Forwarded-For through TRUST_PROXY=loopback),
// so the per-address limit does not stop the burst before it reaches the hashing.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';

const { values } = parseArgs({
  options: {
    'sign-ins': { type: 'string', default: '60' },
    spread: { type: 'boolean', default: false },
    server: { type: 'string', default: 'dist/server/server.js' },
    'trust-proxy': { type: 'string', default: 'loopback' },
  },
});
const SIGN_INS = Number(values['sign-ins']);

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const dataDir = mkdtempSync(path.join(tmpdir(), 'sdh-burst-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
// A 1200 × 800 photo, as staff upload them.
mkdirSync(path.join(dataDir, 'uploads', 'products'), { recursive: true });
await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a7' } })
  .jpeg({ quality: 85 })
  .toFile(path.join(dataDir, 'uploads', 'products', '1_photo.jpg'));

const server = spawn(process.execPath, [values.server], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_MODE: 'false',
    LOG_LEVEL: 'error',
    TRUST_PROXY: values.spread ? values['trust-proxy'] : 'false',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
try {
  for (let tries = 0; !(await fetch(`${base}/api/health`).catch(() => null))?.ok; tries++) {
    if (tries > 300) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const image = `${base}/uploads/products/1_photo.jpg`;
  const timeImage = async () => {
    const started = performance.now();
    const response = await fetch(image, { headers: { 'cache-control': 'no-cache' } });
    await response.arrayBuffer();
    return performance.now() - started;
  };
  for (let i = 0; i < 20; i++) await timeImage(); // warm up

  const quiet = [];
  for (let i = 0; i < 40; i++) quiet.push(await timeImage());

  const statuses = {};
  let burstDone = false;
  const burstStarted = performance.now();
  const burst = Promise.all(
    Array.from({ length: SIGN_INS }, (_, i) =>
      fetch(`${base}/api/auth/sign-in`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(values.spread ? { 'x-forwarded-for': `198.51.100.${i + 1}` } : {}),
        },
        body: JSON.stringify({ username: `nobody-${i}`, password: 'wrong-password' }),
      }).then((r) => {
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      }),
    ),
  ).then(() => {
    burstDone = true;
  });
  const during = [];
  while (!burstDone) during.push(await timeImage());
  await burst;
  const burstMs = performance.now() - burstStarted;

  const report = (label, samples) => {
    const sorted = [...samples].sort((a, b) => a - b);
    console.log(
      `${label.padEnd(22)} n=${String(sorted.length).padStart(3)}  p50 ${percentile(sorted, 50).toFixed(1)} ms` +
        `  p95 ${percentile(sorted, 95).toFixed(1)} ms  max ${sorted.at(-1).toFixed(1)} ms`,
    );
  };
  console.log(`${SIGN_INS} sign-ins at once${values.spread ? ' from as many addresses' : ' from one address'}:`);
  report('image, quiet', quiet);
  report('image, during burst', during);
  console.log(`burst answered in ${(burstMs / 1000).toFixed(1)} s: ${JSON.stringify(statuses)}`);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.on('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
