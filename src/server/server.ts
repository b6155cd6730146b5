import type { Server } from 'node:http';
import closeWithGrace from 'close-with-grace';
import { localUrl, newLocalToken, removeLocalAccess, writeLocalAccess } from '#server/backup/local-access';
import { collectGarbage } from '#server/lib/collect-garbage';
import { diskFullAtStart, isDiskFull } from '#server/lib/disk-full';
import { setPasswordHashCost } from '#server/modules/staff/password';
import { localUploadsDir, openStorage } from '#server/storage/open-storage';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { logFirstStart, openSiteDatabase } from './first-start';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
    // Before the first start, which may create accounts.
    setPasswordHashCost(config.passwordHashCost);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const storage = openStorage(config);
  const { db, report } = await openSiteDatabase(config, storage).catch((error: unknown) => {
    // A full disk is the operator's to fix: say which folder, not a bare ENOSPC.
    if (!isDiskFull(error)) throw error;
    console.error(diskFullAtStart(error, startFolders(config), { remoteDatabase: Boolean(config.databaseUrl) }));
    process.exit(1);
  });
  // With the embedded database, `npm run backup` cannot open the folder: it asks this server.
  const backupToken = config.databaseUrl ? undefined : newLocalToken();
  const app = await buildApp({
    config,
    db,
    storage,
    backupToken,
    logger: { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization'] },
  });
  logFirstStart(app.log, report);

  const taken = countIntake(app.server);
  // Take in what already arrived, stop accepting, let in-flight requests finish, then close the database.
  const grace = closeWithGrace({ delay: 25_000, skip: [...STOP_SIGNALS] }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else if (signal) app.log.info({ signal }, 'shutting down');
    // Load balancers see readiness fail and stop sending while requests already here finish.
    app.readiness.drain();
    if (backupToken) removeLocalAccess(config.dataDir);
    await takeInArrivedRequests(taken);
    await app.close();
    await storage.close();
    await db.close();
  });
  onStopSignal((signal) => {
    app.log.info({ signal }, 'shutting down');
    void grace.close();
  });

  await app.listen({ port: config.port, host: config.host });
  // Start-up left garbage (modules parsed, the renderer loaded) an idle server would keep for long.
  collectGarbage();
  const { port } = app.server.address() as { port: number };
  if (backupToken) {
    writeLocalAccess(config.dataDir, { pid: process.pid, url: localUrl(config.host, port), token: backupToken });
  }
  app.log.info(
    { database: db.kind, demoMode: config.demoMode, dataDir: config.dataDir },
    `serving http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${app.server.address() && typeof app.server.address() === 'object' ? (app.server.address() as { port: number }).port : config.port}`,
  );
}

/** The folders start-up writes in, by the setting that names them. */
function startFolders(config: ReturnType<typeof loadConfig>) {
  const folders = [{ setting: 'DATA_DIR', folder: config.dataDir }];
  if (!config.s3) folders.push({ setting: 'DATA_DIR/uploads', folder: localUploadsDir(config.dataDir) });
  return folders;
}

const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * Calls stop on the first SIGINT or SIGTERM. Ctrl-C under `npm start` arrives twice at once,
 * from the terminal and again forwarded by npm: a repeat within a second is that same request,
 * a later one stops the process at once (exit 1).
 */
function onStopSignal(stop: (signal: NodeJS.Signals) => void, { repeatWindowMs = 1000 } = {}) {
  let firstAt = 0;
  for (const signal of STOP_SIGNALS) {
    process.on(signal, () => {
      if (!firstAt) {
        firstAt = Date.now();
        stop(signal);
      } else if (Date.now() - firstAt > repeatWindowMs) {
        console.error(`second ${signal}, exiting`);
        process.exit(1);
      }
    });
  }
}

/**
 * Counts connections accepted and requests read, so shutdown can tell when everything
 * already sent has been taken in.
 */
function countIntake(server: Server): () => number {
  let taken = 0;
  const count = () => {
    taken += 1;
  };
  server.on('connection', count);
  server.on('request', count);
  return () => taken;
}

/**
 * Closing the server drops connections still waiting to be accepted and closes every
 * connection whose request has not been read yet: under load (the embedded database keeps
 * the event loop busy) that reset most requests clients had already sent. So the server
 * first keeps turning the event loop, accepting and reading, until a few turns pass with
 * nothing new (or a time limit), and only then stops accepting.
 */
async function takeInArrivedRequests(taken: () => number, { quietTurns = 3, limitMs = 10_000 } = {}) {
  const deadline = Date.now() + limitMs;
  let quiet = 0;
  let last = taken();
  while (quiet < quietTurns && Date.now() < deadline) {
    await new Promise((resolve) => setImmediate(resolve));
    quiet = taken() === last ? quiet + 1 : 0;
    last = taken();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
