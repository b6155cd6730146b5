import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

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
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sdh-proc-'));
    const port = 4000 + Math.floor(Math.random() * 900);
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
});
