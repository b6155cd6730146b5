// `npm run crash`: kill -9 during writes, then count what was lost. Starts the built server
// (`npm run build` first) on a temporary DATA_DIR, on the embedded database and/or a
// throwaway PostgreSQL 15 server; staff writers create and edit listings with photos through
// the admin API; the server is killed with SIGKILL mid-way, restarted on the same data, and
// every write it had acknowledged (201/200) is checked: the listing is there, as last
// acknowledged, and its photos are served. Files no listing refers to (orphans) are counted.
//
// The "mail" scenario does the same to mail: visitors ask for alerts (each acknowledged request
// queues a confirmation) while the server sends through a real SMTP server (smtp-server, on
// loopback), and is killed mid-way; once restarted and the queue is empty, every acknowledged
// confirmation must have arrived (lost: 0), and none twice under two Message-IDs. One that
// arrives twice under its one Message-ID (killed after the SMTP server took it, before it was
// marked sent) is counted apart: a receiver drops it as already seen (decision 0088).
//
//   npm run crash -- [--scenario listings|mail|both] [--runs 5] [--database pglite|postgres|both]
//                    [--writers 8] [--seed 1]
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { tsImport } from 'tsx/esm/api';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    database: { type: 'string', default: 'both' },
    writers: { type: 'string', default: '8' },
    seed: { type: 'string', default: '1' },
    scenario: { type: 'string', default: 'both' },
  },
});
const SCENARIOS = values.scenario === 'both' ? ['listings', 'mail'] : [values.scenario];
const RUNS = Number(values.runs);
const WRITERS = Number(values.writers);
const databases = values.database === 'both' ? ['pglite', 'postgres'] : [values.database];
if (
  !databases.every((d) => d === 'pglite' || d === 'postgres') ||
  !SCENARIOS.every((s) => s === 'listings' || s === 'mail') ||
  !(RUNS > 0) ||
  !(WRITERS > 0)
) {
  console.error(
    'usage: npm run crash -- [--scenario listings|mail|both] [--runs 5] [--database pglite|postgres|both] [--writers 8] [--seed 1]',
  );
  process.exit(2);
}
if (!existsSync('dist/server/server.js')) {
  console.error('No build: run `npm run build` first (the crash test runs the built server).');
  process.exit(2);
}

let seed = Number(values.seed) >>> 0;
/** mulberry32, so a seed repeats the same kill times. */
function random() {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
}

const { freePort, startPostgresServer } = await tsImport('../tests/support/postgres-server.ts', import.meta.url);
const { startSmtpServer } = await tsImport('../tests/support/smtp-server.ts', import.meta.url);

const ADMIN = { username: 'crash-admin', password: 'a long crash-test passphrase' };
const photos = await Promise.all(
  ['#0d9488', '#b45309', '#1d4ed8'].map((background) =>
    sharp({ create: { width: 320, height: 240, channels: 3, background } })
      .jpeg()
      .toBuffer(),
  ),
);

function listingForm(title, files) {
  const boundary = `----crash${Math.random().toString(16).slice(2)}`;
  const data = {
    category: 'product',
    subcategory: 'phones',
    title,
    description: 'Written by the crash test.',
    price: 35_000,
    whatsapp_number: '0712 345 678',
    product_condition: 'used',
  };
  const chunks = [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify(data)}\r\n`),
  ];
  files.forEach((file, i) => {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="photo${i}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      file,
      Buffer.from('\r\n'),
    );
  });
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

/**
 * One HTTP request from a chosen loopback address: each writer has its own, as separate
 * staff members would (writes are rate limited per address).
 */
function send(url, { method = 'GET', headers = {}, body, localAddress = '127.0.0.1' } = {}) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, localAddress, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The built server, as production runs it, on this data. */
async function startServer(env) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['dist/server/server.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PUBLIC_URL: base,
      MAIL_DELIVERY: 'outbox',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DEMO_MODE: 'false',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output.slice(-2000)}`);
    const ready = await fetch(`${base}/api/ready`).catch(() => null);
    if (ready?.ok) break;
    if (tries > 600) throw new Error(`the server did not become ready:\n${output.slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const signIn = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(ADMIN),
  });
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0];
  if (signIn.status !== 200 || !cookie) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const staff = { cookie, origin: base };
  return { base, staff, child, exited, output: () => output };
}

/** Writers creating (and now and then editing) listings until the server dies. */
function writeUntilKilled(server, run, acknowledged) {
  let stop = false;
  const counts = { sent: 0, acknowledged: 0, refused: {} };
  const writer = async (w) => {
    for (let n = 0; !stop; n++) {
      const mine = [...acknowledged.values()].filter((l) => l.writer === `${run}-${w}`);
      const edit = mine.length > 0 && n % 4 === 3;
      const target = edit ? mine[mine.length - 1] : null;
      const title = edit ? `${target.title.replace(/ v\d+$/, '')} v${n}` : `crash ${run}-${w}-${n}`;
      const form = listingForm(title, photos.slice(0, 1 + (n % 2)));
      counts.sent += 1;
      try {
        const response = await send(`${server.base}/api/admin/listings${edit ? `/${target.id}` : ''}`, {
          method: edit ? 'PUT' : 'POST',
          headers: { 'content-type': form.type, cookie: server.staff.cookie, origin: server.staff.origin },
          body: form.body,
          localAddress: `127.0.${run % 250}.${w + 1}`,
        });
        if (response.status === 200 || response.status === 201) {
          const listing = JSON.parse(response.text);
          acknowledged.set(listing.id, { id: listing.id, title, images: listing.image_urls, writer: `${run}-${w}` });
          counts.acknowledged += 1;
        } else {
          counts.refused[response.status] = (counts.refused[response.status] ?? 0) + 1;
        }
      } catch (error) {
        // The server died under this write: not acknowledged, so nothing is owed.
        const code = error.code ?? error.message;
        counts.refused[code] = (counts.refused[code] ?? 0) + 1;
      }
    }
  };
  const done = Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
  return {
    counts,
    /** Sends no more writes; resolves once the ones in flight have ended. */
    stop() {
      stop = true;
      return done;
    },
  };
}

/** Every acknowledged write, as acknowledged, with its photos served; and files no listing uses. */
async function verify(server, acknowledged, uploadsDir) {
  const headers = { cookie: server.staff.cookie };
  let missing = 0;
  let wrong = 0;
  let missingPhotos = 0;
  for (const expected of acknowledged.values()) {
    const response = await fetch(`${server.base}/api/admin/listings/${expected.id}`, { headers });
    if (response.status === 404) {
      missing += 1;
      continue;
    }
    const listing = await response.json();
    // A later edit that was sent but never acknowledged may have landed: either title is right.
    if (!listing.title.startsWith(expected.title.replace(/ v\d+$/, ''))) wrong += 1;
    for (const url of listing.image_urls) {
      if ((await fetch(`${server.base}${url}`, { method: 'HEAD' })).status !== 200) missingPhotos += 1;
    }
  }
  const referenced = new Set();
  for (let offset = 0; ; offset += 100) {
    const page = await (
      await fetch(`${server.base}/api/admin/listings?status=all&limit=100&offset=${offset}`, { headers })
    ).json();
    for (const listing of page.items) for (const url of listing.image_urls) referenced.add(url);
    if (page.items.length < 100) break;
  }
  const files = [];
  const walk = (dir, prefix) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || (prefix === '' && entry.name === 'cache')) continue;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), `${prefix}${entry.name}/`);
      else files.push(`/uploads/${prefix}${entry.name}`);
    }
  };
  if (existsSync(uploadsDir)) walk(uploadsDir, '');
  const orphans = files.filter((file) => !referenced.has(file)).length;
  return { missing, wrong, missingPhotos, orphans, files: files.length };
}

async function crashTest(kind) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `sdh-crash-${kind}-`));
  let postgres = null;
  const env = { DATA_DIR: dataDir };
  if (kind === 'postgres') {
    postgres = await startPostgresServer();
    env.DATABASE_URL = postgres.url();
  }
  const acknowledged = new Map();
  let server = null;
  let result = null;
  try {
    for (let run = 1; run <= RUNS; run++) {
      server = await startServer(env);
      const writing = writeUntilKilled(server, run, acknowledged);
      const killAfter = 800 + Math.floor(random() * 2200);
      await new Promise((resolve) => setTimeout(resolve, killAfter));
      const ended = writing.stop();
      server.child.kill('SIGKILL');
      await server.exited;
      await ended;
      console.log(
        `${kind} run ${run}: killed -9 after ${killAfter} ms; ${writing.counts.sent} writes sent, ${writing.counts.acknowledged} acknowledged, the others cut off by the kill (${JSON.stringify(writing.counts.refused)}); ${acknowledged.size} listings acknowledged so far`,
      );
    }
    server = await startServer(env);
    result = await verify(server, acknowledged, path.join(dataDir, 'uploads'));
    console.log(
      `${kind}: ${RUNS} × kill -9; ${acknowledged.size} acknowledged listings: ${result.missing} missing, ${result.wrong} not as acknowledged, ${result.missingPhotos} photos not served; ${result.orphans} orphan upload files of ${result.files}`,
    );
    server.child.kill('SIGTERM');
    await server.exited;
    return result;
  } finally {
    server?.child.kill('SIGKILL');
    postgres?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Visitors asking for alerts until the server dies: each acknowledged request queued one confirmation. */
function askForAlertsUntilKilled(server, run, acknowledged) {
  let stop = false;
  const counts = { sent: 0, acknowledged: 0, refused: {} };
  const visitor = async (w) => {
    for (let n = 0; !stop; n++) {
      const email = `crash-${run}-${w}-${n}@example.com`;
      counts.sent += 1;
      try {
        const response = await send(`${server.base}/api/alerts`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: server.base },
          body: JSON.stringify({ email, category: 'product', search: 'q=phone' }),
          localAddress: `127.1.${run % 250}.${w + 1}`,
        });
        if (response.status === 200) {
          acknowledged.add(email);
          counts.acknowledged += 1;
        } else counts.refused[response.status] = (counts.refused[response.status] ?? 0) + 1;
      } catch (error) {
        const code = error.code ?? error.message;
        counts.refused[code] = (counts.refused[code] ?? 0) + 1;
      }
      // A visitor a few times a second: the queue grows while it is being sent.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const done = Promise.all(Array.from({ length: WRITERS }, (_, w) => visitor(w)));
  return {
    counts,
    stop() {
      stop = true;
      return done;
    },
  };
}

async function mailCrashTest(kind) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `sdh-crash-mail-${kind}-`));
  // A mail server that takes its time over each message (30 ms), so kills land while sending.
  const smtp = await startSmtpServer({ delayMs: 30 });
  let postgres = null;
  const env = { DATA_DIR: dataDir, MAIL_DELIVERY: 'smtp', SMTP_URL: smtp.url, MAIL_FROM: 'Crash <crash@example.com>' };
  if (kind === 'postgres') {
    postgres = await startPostgresServer();
    env.DATABASE_URL = postgres.url();
  }
  const acknowledged = new Set();
  let server = null;
  try {
    for (let run = 1; run <= RUNS; run++) {
      server = await startServer(env);
      const asking = askForAlertsUntilKilled(server, run, acknowledged);
      const killAfter = 800 + Math.floor(random() * 2200);
      await new Promise((resolve) => setTimeout(resolve, killAfter));
      const ended = asking.stop();
      server.child.kill('SIGKILL');
      await server.exited;
      await ended;
      console.log(
        `${kind} mail run ${run}: killed -9 after ${killAfter} ms; ${asking.counts.acknowledged} alerts acknowledged (${acknowledged.size} so far), ${smtp.received.length} messages arrived so far`,
      );
    }
    server = await startServer(env);
    // Messages an instance held when it was killed wait out their claim (a minute), then go.
    const started = Date.now();
    for (;;) {
      const page = await (
        await fetch(`${server.base}/api/admin/mail?status=queued&limit=1`, { headers: { cookie: server.staff.cookie } })
      ).json();
      if (page.summary.queued === 0) break;
      if (Date.now() - started > 180_000)
        throw new Error(`${page.summary.queued} messages still queued after 3 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const arrivals = new Map();
    for (const mail of smtp.received) {
      const key = mail.to[0];
      const ids = arrivals.get(key) ?? [];
      ids.push(mail.messageId);
      arrivals.set(key, ids);
    }
    const lost = [...acknowledged].filter((email) => !arrivals.has(email)).length;
    let sameIdTwice = 0;
    let twoIds = 0;
    for (const [email, ids] of arrivals) {
      if (!acknowledged.has(email) && ids.length === 0) continue;
      if (new Set(ids).size > 1) twoIds += 1;
      else if (ids.length > 1) sameIdTwice += 1;
    }
    console.log(
      `${kind} mail: ${RUNS} × kill -9 while sending; ${acknowledged.size} confirmations acknowledged, ${smtp.received.length} messages arrived: ${lost} lost, ${twoIds} sent twice under two Message-IDs; ${sameIdTwice} arrived twice under one Message-ID (a receiver drops the second); the queue emptied ${((Date.now() - started) / 1000).toFixed(0)} s after the last restart`,
    );
    server.child.kill('SIGTERM');
    await server.exited;
    return lost + twoIds;
  } finally {
    server?.child.kill('SIGKILL');
    postgres?.stop();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

let lost = 0;
for (const kind of databases) {
  if (SCENARIOS.includes('listings')) {
    const result = await crashTest(kind);
    lost += result.missing + result.wrong + result.missingPhotos;
  }
  if (SCENARIOS.includes('mail')) lost += await mailCrashTest(kind);
}
process.exit(lost > 0 ? 1 : 0);
