import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from './postgres-server';

/** Everything a child process writes to stdout and stderr so far. */
export function collectOutput(child: ChildProcess): () => string {
  let output = '';
  const append = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  return () => output;
}

/**
 * One of our entry points (the server, a command-line tool) as production runs it: its bundle
 * in dist/server, which the API tests' global setup keeps fresh. Pass it to node.
 */
export function builtEntry(entry: 'server' | 'cli/backup' | 'cli/restore' | 'cli/storage-copy'): string {
  return `dist/server/${entry}.js`;
}

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  output(): string;
  /** SIGTERM, then waits for the exit (SIGKILL after 30 s). */
  stop(): Promise<void>;
}

/**
 * The server as production runs it, in a process of its own, from its build, listening on
 * 127.0.0.1 and a free port. Resolves once
 * /api/ready answers 200; rejects with the server's output if it exits or is not ready in time.
 */
export async function startServerProcess(env: Record<string, string>, { readyWithinMs = 120_000 } = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [builtEntry('server')], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DEMO_MODE: 'false',
      NODE_NO_WARNINGS: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = collectOutput(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const server: ServerProcess = {
    base,
    child,
    output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(killer);
    },
  };
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output().slice(-3000)}`);
    const ready = await fetch(`${base}/api/ready`).catch(() => null);
    if (ready?.ok) return server;
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`the server was not ready within ${readyWithinMs} ms:\n${output().slice(-3000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
