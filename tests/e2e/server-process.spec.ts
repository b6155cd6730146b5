import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { freePort } from '../support/postgres-server';
import { collectOutput } from '../support/server-process';
import { multipart, validProduct } from '../support/staff';
import { copyOfStartedFolder } from './started-folder';

/** Every process below pid (children, their children...), from /proc. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (name) state ppid ...": the name may hold spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const visit = (parent: number) => {
    for (const [child, ppid] of parents) {
      if (ppid === parent) {
        found.push(child);
        visit(child);
      }
    }
  };
  visit(pid);
  return found;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The built server in its own process; `wrap` runs it inside another command (e.g. a namespace). */
async function startServer(env: Record<string, string>, wrap: string[] = []) {
  const dataDir = copyOfStartedFolder('sdh-proc-');
  const port = await freePort();
  const command = [...wrap, process.execPath, 'dist/server/server.js'];
  const child: ChildProcess = spawn(command[0] as string, command.slice(1), {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = collectOutput(child);
  const base = `http://127.0.0.1:${port}`;
  try {
    await expect
      .poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status, { timeout: 90_000 })
      .toBe(200);
  } catch (error) {
    // A server that never came up is not left running past its test.
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    base,
    port,
    dataDir,
    output,
    exited: new Promise<number | null>((resolve) => child.on('exit', resolve)),
    kill: (signal: NodeJS.Signals) => child.kill(signal),
    stop() {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// The built server as a process: start-up checks and graceful shutdown.
test.describe('server process', () => {
  test('refuses to start with a bad setting, naming it', async () => {
    const child = spawn(process.execPath, ['dist/server/server.js'], {
      env: { ...process.env, PORT: 'eighty', NODE_ENV: 'production', DEMO_MODE: 'true' },
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('PORT="eighty": must be a port number');
    expect(stderr).toContain('DEMO_MODE="true": can never be on in production');
    expect(stderr).toContain('PUBLIC_URL: is required in production');
  });

  test('shuts down cleanly and exits 0 on SIGTERM', async () => {
    test.setTimeout(120_000);
    const dataDir = copyOfStartedFolder('sdh-proc-');
    // A free port: a port another server holds would answer the health check before this one started.
    const port = await freePort();
    const child = spawn(process.execPath, ['dist/server/server.js'], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO_MODE: 'false', LOG_LEVEL: 'info' },
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    try {
      await expect
        .poll(async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.status, {
          timeout: 90_000,
        })
        .toBe(200);
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(stdout).toContain('shutting down');
    } finally {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  // Through `npm start` itself: npm forwards SIGTERM and SIGINT to the script it runs, and a
  // Ctrl-C in a terminal reaches every process of npm's group.
  for (const { name, stop } of [
    { name: 'SIGTERM to npm', stop: (npm: ChildProcess) => npm.kill('SIGTERM') },
    {
      name: 'Ctrl-C (SIGINT to the whole group)',
      stop: (npm: ChildProcess) => process.kill(-(npm.pid as number), 'SIGINT'),
    },
  ]) {
    test(`npm start shuts down gracefully and exits 0 on ${name}, leaving no process`, async () => {
      test.setTimeout(300_000);
      const dataDir = copyOfStartedFolder('sdh-start-');
      const port = await freePort();
      const npm = spawn('npm', ['start'], {
        env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_MODE: 'false' },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true, // its own process group, like a terminal's foreground job
      });
      const output = collectOutput(npm);
      const exited = new Promise<[number | null, string | null]>((resolve) =>
        npm.on('exit', (code, signal) => resolve([code, signal])),
      );
      try {
        await expect
          .poll(async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.status, {
            timeout: 240_000,
          })
          .toBe(200);
        const started = descendants(npm.pid as number);
        expect(started.length).toBeGreaterThan(0);
        stop(npm);
        expect(await exited).toEqual([0, null]);
        expect(output()).toContain('shutting down');
        expect(output()).not.toContain('second SIGINT');
        expect(started.filter(isAlive)).toEqual([]);
        await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
      } finally {
        for (const pid of [npm.pid as number, ...descendants(npm.pid as number)]) {
          if (isAlive(pid)) process.kill(pid, 'SIGKILL');
        }
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  }

  test('answers every request already sent when told to stop under load (embedded database)', async () => {
    test.setTimeout(180_000);
    // Graceful stop, not the overload refusal (tests/api/operations.test.ts): a machine that
    // other work slows must not turn these requests away before the signal.
    const server = await startServer({
      DEMO_MODE: 'true',
      OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
      OVERLOAD_REQUESTS_IN_PROGRESS: '0',
      OVERLOAD_CONCURRENCY: '0',
    });
    try {
      const requests = 100;
      // Pages rendered with their data: the heaviest work, so many are still queued at SIGTERM.
      const answers = await new Promise<{ status: number; error?: string }[]>((resolve) => {
        const done: { status: number; error?: string }[] = [];
        let sent = 0;
        for (let i = 0; i < requests; i++) {
          const socket = connect(server.port, '127.0.0.1', () => {
            socket.write(
              `GET /marketplace?q=phone${i} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
              () => {
                sent += 1;
                if (sent === requests) server.kill('SIGTERM');
              },
            );
          });
          let data = '';
          let error: string | undefined;
          socket.on('data', (chunk) => {
            data += chunk;
          });
          socket.on('error', (e: NodeJS.ErrnoException) => {
            error = e.code ?? e.message;
          });
          socket.on('close', () => {
            done.push({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0), error });
            if (done.length === requests) resolve(done);
          });
        }
      });
      expect(await server.exited).toBe(0);
      const counts: Record<string, number> = {};
      for (const answer of answers) {
        const key = answer.error ?? String(answer.status);
        counts[key] = (counts[key] ?? 0) + 1;
      }
      // Every request was sent before the signal: none may be reset or left unanswered.
      expect(counts).toEqual({ 200: requests });
      // Once stopped, the server takes no new connection.
      await expect(fetch(`${server.base}/api/health`)).rejects.toThrow();
    } finally {
      server.stop();
    }
  });

  // A really full and a really read-only upload folder: a tiny tmpfs mounted over DATA_DIR/uploads
  // in a mount namespace of the server's own (unshare -rm works as root and, where user
  // namespaces are allowed, as anyone), so nothing on the machine is touched.
  for (const { name, options, status, problem, message } of [
    {
      name: 'full',
      options: 'size=4k',
      status: 507,
      problem: 'full',
      message: 'There is no space left to store files. Nothing was saved; please tell the site administrator.',
    },
    {
      name: 'read-only',
      options: 'ro',
      status: 503,
      problem: 'not-writable',
      message:
        'Files cannot be stored right now (the storage refuses writes). Nothing was saved; please tell the site administrator.',
    },
  ]) {
    test(`says what is wrong when the upload folder is ${name}, logs why, and readiness reports it`, async () => {
      test.setTimeout(120_000);
      const mount = `mount -t tmpfs -o ${options} tmpfs "$DATA_DIR/uploads" && exec "$@"`;
      const server = await startServer(
        { DEMO_MODE: 'false', ADMIN_USERNAME: 'amina', ADMIN_PASSWORD: 'a long passphrase', LOG_LEVEL: 'error' },
        ['unshare', '-rm', 'sh', '-c', mount, 'sh'],
      );
      try {
        const signInAsAmina = () =>
          fetch(`${server.base}/api/auth/sign-in`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: server.base },
            body: JSON.stringify({ username: 'amina', password: 'a long passphrase' }),
          });
        // A server just started on a busy machine may turn a request away (503, Retry-After):
        // a client asks again when told to.
        let signIn = await signInAsAmina();
        for (let tries = 1; signIn.status === 503 && tries < 5; tries++) {
          const wait = Math.min(Number(signIn.headers.get('retry-after') ?? 1), 5);
          await new Promise((resolve) => setTimeout(resolve, wait * 1_000));
          signIn = await signInAsAmina();
        }
        expect(signIn.status).toBe(200);
        const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] as string;
        const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#0d9488' } })
          .jpeg()
          .toBuffer();
        const upload = async () => {
          const body = multipart(validProduct, [{ filename: 'phone.jpg', data: photo }]);
          return fetch(`${server.base}/api/admin/listings`, {
            method: 'POST',
            headers: { ...body.headers, cookie, origin: server.base },
            body: body.payload,
          });
        };
        // The one page of a 4 KB tmpfs takes one photo; a read-only one takes none.
        if (name === 'full') expect((await upload()).status).toBe(201);
        const refused = await upload();
        expect(refused.status).toBe(status);
        expect(refused.headers.get('retry-after')).toBe('30');
        const answer = await refused.json();
        expect(answer.message).toBe(message);
        expect(answer.requestId).toBe(refused.headers.get('x-request-id'));
        const listings = await fetch(`${server.base}/api/admin/listings?status=all`, { headers: { cookie } });
        expect((await listings.json()).total).toBe(name === 'full' ? 1 : 0);

        const ready = await fetch(`${server.base}/api/ready`);
        expect(ready.status).toBe(503);
        expect(await ready.json()).toMatchObject({ failing: ['uploads'], checks: { uploads: { problem } } });
        // The cause, at error level, under the request's id.
        await expect.poll(() => server.output()).toContain(answer.requestId);
        expect(server.output()).toMatch(name === 'full' ? /ENOSPC/ : /EROFS/);
      } finally {
        server.stop();
      }
    });
  }
});
