import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from '../support/postgres-server';
import { copyOfStartedFolder } from './started-folder';

// The built server and commands as processes on one embedded data folder.
test.describe.configure({ mode: 'serial' });

async function startServer(dataDir: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/server/server.js'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO_MODE: 'false', LOG_LEVEL: 'warn' },
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port, exited, stderr: () => stderr };
}

async function healthy(port: number) {
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.status, {
      timeout: 90_000,
    })
    .toBe(200);
}

function runCommand(script: string, args: string[], dataDir: string) {
  return spawnSync(process.execPath, [script, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DEMO_MODE: 'false' },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

test.describe('one process per data folder', () => {
  let dataDir: string;
  const children: ChildProcess[] = [];
  test.beforeEach(() => {
    dataDir = copyOfStartedFolder('sdh-lock-');
  });
  test.afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('a second server and the commands refuse while one runs; after kill -9 a new server starts', async () => {
    test.setTimeout(240_000);
    const first = await startServer(dataDir);
    children.push(first.child);
    await healthy(first.port);
    const refusal = `DATA_DIR ${dataDir} is in use by process ${first.child.pid}`;

    const second = await startServer(dataDir);
    children.push(second.child);
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toContain(refusal);

    for (const [script, args] of [
      ['dist/server/cli/admin.js', ['list']],
      ['dist/server/cli/seed.js', []],
    ] as const) {
      const command = runCommand(script, [...args], dataDir);
      expect(command.status, script).toBe(1);
      expect(command.stderr, script).toContain(refusal);
    }
    // The first server is unharmed.
    expect((await fetch(`http://127.0.0.1:${first.port}/api/health`)).status).toBe(200);

    first.child.kill('SIGKILL');
    await first.exited;
    const third = await startServer(dataDir);
    children.push(third.child);
    await healthy(third.port);
    expect(JSON.parse(readFileSync(path.join(dataDir, '.lock'), 'utf8')).pid).toBe(third.child.pid);

    // A clean stop gives the folder up, and a command can use it.
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    const list = runCommand('dist/server/cli/admin.js', ['list'], dataDir);
    expect(list.stderr).toBe('');
    expect(list.stdout).toContain('no staff accounts');
  });

  test('a lock whose pid now belongs to another program is taken over', async () => {
    test.setTimeout(120_000);
    // A live process that is not the lock's owner: its start time differs from the one recorded.
    const stranger = spawn('sleep', ['60']);
    children.push(stranger);
    writeFileSync(
      path.join(dataDir, '.lock'),
      JSON.stringify({ pid: stranger.pid, hostname: hostname(), since: '2026-01-01T00:00:00.000Z', processStart: '1' }),
    );
    const server = await startServer(dataDir);
    children.push(server.child);
    await healthy(server.port);
  });

  test('the server deletes an old stored file that no row refers to when it starts', async () => {
    test.setTimeout(120_000);
    const orphan = path.join(dataDir, 'uploads', 'products', '1700000000000_left-by-a-crash.jpg');
    mkdirSync(path.dirname(orphan), { recursive: true });
    writeFileSync(orphan, 'not referenced by any row');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(orphan, twoHoursAgo, twoHoursAgo);
    const server = await startServer(dataDir);
    children.push(server.child);
    await healthy(server.port);
    await expect.poll(() => spawnSync('test', ['-e', orphan]).status, { timeout: 30_000 }).toBe(1);
  });
});
