import { execFile } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectArchive } from '../../src/server/backup/read-archive';
import { DEMO_ACCOUNTS } from '../../src/server/modules/staff/service';
import { type S3TestServer, startS3Server } from '../support/s3-server';
import { builtEntry, type ServerProcess, startServerProcess } from '../support/server-process';
import { multipart, validProduct } from '../support/staff';
import { emptyPostgresDatabase, testDatabaseKind } from '../support/test-database';

const execFileAsync = promisify(execFile);
const ADMIN = { username: 'backup-admin', password: 'a long passphrase' };
const kind = testDatabaseKind();

/** A command of ours, run as an operator runs it. */
function command(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return execFileAsync(process.execPath, [builtEntry(`cli/${script}`), ...args], {
    env: { ...process.env, NODE_NO_WARNINGS: '1', LOG_LEVEL: 'warn', ...env },
  });
}

let address = 0;
/** Each request from its own client address (the server trusts loopback proxies), past the per-address limits. */
const from = () => ({ 'x-forwarded-for': `10.9.${Math.floor(++address / 250)}.${address % 250}` });

async function signIn(server: ServerProcess, username: string, password: string) {
  const response = await fetch(`${server.base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.base, ...from() },
    body: JSON.stringify({ username, password }),
  });
  return { status: response.status, cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] as string };
}

// The backup runs while the site serves and staff and visitors keep writing; restored
// elsewhere, the site has every listing, post, inquiry, account and photo the archive holds.
describe(`backup while serving, restore elsewhere (${kind})`, () => {
  let s3: S3TestServer | undefined;
  const cleanups: (() => Promise<void> | void)[] = [];
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    // On PostgreSQL the photos live in buckets, on the embedded database in folders: both stores are covered.
    if (kind === 'postgres') s3 = await startS3Server({ buckets: ['source', 'restored'] });
  });
  afterAll(async () => {
    for (const server of servers) await server.stop();
    for (const cleanup of cleanups.reverse()) await cleanup();
    await s3?.stop();
  });

  /** Where one site keeps its data: a folder, and on PostgreSQL an empty database and a bucket. */
  async function siteSettings(bucket: 'source' | 'restored'): Promise<Record<string, string>> {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sdh-site-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    if (kind === 'pglite' || !s3) return { DATA_DIR: dataDir };
    const database = await emptyPostgresDatabase();
    cleanups.push(() => database.drop());
    return { DATA_DIR: dataDir, DATABASE_URL: database.url, ...s3.env(bucket) };
  }
  const start = async (env: Record<string, string>) => {
    const server = await startServerProcess({ TRUST_PROXY: 'loopback', ...env });
    servers.push(server);
    return server;
  };

  it('backs up a site in use and restores all of it into an empty one', async () => {
    const sourceSettings = await siteSettings('source');
    const source = await start({
      ...sourceSettings,
      DEMO_MODE: 'true',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    });
    const { cookie } = await signIn(source, ADMIN.username, ADMIN.password);
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#b45309' } })
      .jpeg()
      .toBuffer();
    let written = 0;
    const addListing = async () => {
      const form = multipart({ ...validProduct, title: `Written during the test ${++written}` }, [
        { filename: 'p.jpg', data: photo },
      ]);
      const response = await fetch(`${source.base}/api/admin/listings`, {
        method: 'POST',
        headers: { ...form.headers, cookie, origin: source.base, ...from() },
        body: form.payload,
      });
      expect(response.status).toBe(201);
      return (await response.json()).id as string;
    };
    const addInquiry = async (email: string) => {
      const response = await fetch(`${source.base}/api/inquiries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...from() },
        body: JSON.stringify({ name: 'Hodan', email, subject: 'Shipping', message: 'Do you ship to Hargeisa?' }),
      });
      expect(response.status).toBe(201);
    };
    const listingsBefore = [await addListing(), await addListing(), await addListing()];
    const inquiriesBefore = ['before-1@example.com', 'before-2@example.com'];
    for (const email of inquiriesBefore) await addInquiry(email);

    // Writes keep coming while the backup runs.
    let writing = true;
    let writesDuring = 0;
    const writer = (async () => {
      while (writing) {
        await addListing();
        await addInquiry(`during-${writesDuring}@example.com`);
        writesDuring++;
      }
    })();
    const file = path.join(sourceSettings.DATA_DIR as string, '..', `sdh-backup-test-${process.pid}-${kind}.tar.gz`);
    cleanups.push(() => rmSync(file, { force: true }));
    const backup = await command('backup', [file], sourceSettings).finally(() => {
      writing = false;
    });
    await writer;
    console.log(`${kind}: ${backup.stdout.trim()}\n  (${writesDuring} listings and inquiries written during it)`);
    expect(backup.stdout).toContain(kind === 'pglite' ? 'made by the server' : 'made here');
    const { summary } = await inspectArchive(createReadStream(file));
    expect(summary.rows.listings).toBeGreaterThanOrEqual(91 + listingsBefore.length);
    expect(summary.rows.inquiries).toBeGreaterThanOrEqual(inquiriesBefore.length);
    await source.stop();

    const targetSettings = await siteSettings('restored');
    const restore = await command('restore', [file], targetSettings);
    console.log(`${kind}: ${restore.stdout.trim()}`);
    expect(restore.stdout).not.toContain('were not in the backup');
    const again = await command('restore', [file], targetSettings).catch((error) => error);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/The database is not empty \(.*blog_posts: 6 rows, .*listings: \d+ rows/);

    const target = await start(targetSettings);
    // Staff accounts: the admin and the demo accounts sign in with their passwords.
    const admin = await signIn(target, ADMIN.username, ADMIN.password);
    expect(admin.status).toBe(200);
    const editor = DEMO_ACCOUNTS.find((a) => a.role === 'editor');
    expect((await signIn(target, editor?.username ?? '', editor?.password ?? '')).status).toBe(200);
    const staff = (url: string) => fetch(`${target.base}${url}`, { headers: { cookie: admin.cookie } });

    // Every listing of the archive, the ones written before the backup among them, each photo served.
    const listings: { id: string; image_urls: string[] }[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = await (await staff(`/api/admin/listings?status=all&limit=100&offset=${offset}`)).json();
      listings.push(...page.items);
      if (page.items.length < 100) {
        expect(page.total).toBe(summary.rows.listings);
        break;
      }
    }
    expect(listings).toHaveLength(summary.rows.listings as number);
    for (const id of listingsBefore)
      expect(
        listings.some((l) => l.id === id),
        id,
      ).toBe(true);
    const photos = listings.flatMap((l) => l.image_urls);
    expect(photos.length).toBeGreaterThan(91);
    for (const url of photos) {
      const served = await fetch(`${target.base}${url}`);
      expect(served.status, url).toBe(200);
      await served.arrayBuffer();
    }
    // Posts, with their cover pictures.
    const posts = await (await fetch(`${target.base}/api/blog/posts`)).json();
    expect(posts.total).toBe(summary.rows.blog_posts);
    for (const post of posts.posts as { imageUrl: string }[]) {
      expect((await fetch(`${target.base}${post.imageUrl}`)).status, post.imageUrl).toBe(200);
    }
    // Inquiries.
    const inquiries = await (await staff('/api/admin/inquiries?limit=100')).json();
    expect(inquiries.total).toBe(summary.rows.inquiries);
    const emails = (inquiries.items as { email: string }[]).map((i) => i.email);
    for (const email of inquiriesBefore) expect(emails).toContain(email);

    // The restored site takes new writes: ids and counters carry on.
    const form = multipart({ ...validProduct, title: 'After the restore' }, [{ filename: 'p.jpg', data: photo }]);
    const created = await fetch(`${target.base}/api/admin/listings`, {
      method: 'POST',
      headers: { ...form.headers, cookie: admin.cookie, origin: target.base, ...from() },
      body: form.payload,
    });
    expect(created.status).toBe(201);
  }, 600_000);
});
